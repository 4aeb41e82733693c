import { api } from '@/shared/api';

/** POST /api/check/bqno {baoquan}: public lookup by preservation number. */
export const lookupByNumberFx = api.post('/check/bqno', (baoquan: string) => ({ baoquan }));

/** POST /api/check/checkNo {hash}: public lookup by the file's SHA-256 (the file itself is never sent). */
export const lookupByHashFx = api.post('/check/checkNo', (hash: string) => ({ hash }));
