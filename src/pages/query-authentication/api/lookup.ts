import { createApiEffect } from '@/shared/api';

/** POST /api/check/bqno {baoquan}: public lookup by preservation number. */
export const lookupByNumberFx = createApiEffect((baoquan: string) => ({ method: 'POST', path: '/check/bqno', body: { baoquan } }));

/** POST /api/check/checkNo {hash}: public lookup by the file's SHA-256 (the file itself is never sent). */
export const lookupByHashFx = createApiEffect((hash: string) => ({ method: 'POST', path: '/check/checkNo', body: { hash } }));
