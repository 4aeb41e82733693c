import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { certificateSchema, mobileDetailResponse, signedLinkResponse, viewTokenResponse } from '@contracts';

export const certificateFx = api.get('/check/bqview', (baoquan: string) => ({ baoquan }));
/** GET /api/check/bqview?baoquan=: the certificate as the caller may see it (the session, if any, is sent). */
export const certificateQuery = createQuery({ effect: certificateFx, contract: zodContract(certificateSchema) });

export const viewTokenFx = api.get('/check/viewToken', (no: string) => ({ no }));
/** GET /api/check/viewToken?no=: (owner) the token of the mobile certificate QR code. */
export const viewTokenQuery = createQuery({ effect: viewTokenFx, contract: zodContract(viewTokenResponse) });

export type ShareParams = { baoquan: string; code: string };

/** POST /api/share/getView {baoquan, code}: the full certificate for a holder of the extraction code. Quiet: the dialog shows the message. */
export const shareViewFx = api.post('/share/getView', (body: ShareParams) => body, { quiet: true });

/** POST /api/share/downBaoquan {baoquan, code}: a signed download link of the evidence file. */
export const shareDownloadFx = api.post('/share/downBaoquan', (body: ShareParams) => body, { quiet: true });

/** GET /api/check/downCertificate?baoquan=[&code=]: a signed link to the certificate PDF. */
export const certificatePdfFx = api.get('/check/downCertificate', (query: { baoquan: string; code?: string }) => query);

export const parseCertificate = (data: unknown) => certificateSchema.parse(data);
export const parseSignedLink = (data: unknown) => signedLinkResponse.parse(data);

export const mobileDetailFx = api.get('/check/mobileDetail', (query: { no: string; viewToken: string }) => query, { quiet: true });
/** GET /api/check/mobileDetail?no=&viewToken=: the mobile certificate (hashes, the certificate HTML, a preview link). */
export const mobileDetailQuery = createQuery({ effect: mobileDetailFx, contract: zodContract(mobileDetailResponse) });
