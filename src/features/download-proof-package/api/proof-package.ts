import { api } from '@/shared/api';
import { signedLinkResponse } from '@contracts';

/** POST /api/data/downProofPackage {ids} or {baoquan}: a signed link to the offline proof package. */
export const downProofPackageFx = api.post('/data/downProofPackage', (body: { ids: string } | { baoquan: string }) => body);

export const parseSignedLink = (data: unknown) => signedLinkResponse.parse(data);
