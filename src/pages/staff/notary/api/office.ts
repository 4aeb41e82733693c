import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import type { Effect } from 'effector';
import { createStaffUploadEffect, staffApi, type ApiError, type UploadProgress } from '@/shared/api';
import { notaryDeskDetailResponse, notaryDeskListResponse, notaryDeskOpenResponse, notaryDeskViewResponse } from '@contracts';

export type NotaryQueueParams = { page: number; state: string; orderNo: string; phone: string };

/** GET /api/staff/notary/list {page, state, orderNo, phone}: 10 a page. */
export const notaryQueueFx = staffApi.get('/staff/notary/list', (params: NotaryQueueParams) => params);
export const notaryQueueQuery = createQuery({ effect: notaryQueueFx, contract: zodContract(notaryDeskListResponse) });

/** GET /api/staff/notary/detail {id}. */
export const notaryDetailFx = staffApi.get('/staff/notary/detail', (id: number) => ({ id }));
export const notaryDetailQuery = createQuery({ effect: notaryDetailFx, contract: zodContract(notaryDeskDetailResponse) });

const byId = (path: string) => staffApi.post(path, (id: number) => ({ id }));
const withReason = (path: string) => staffApi.post(path, (body: { id: number; reason: string }) => body);
const answersNull = <Params>(effect: Effect<Params, unknown, ApiError>) => createMutation({ effect, contract: zodContract(z.null()) });

/** POST /api/staff/notary/{accept,complete,transfer/confirm} {id}; {fail,void,transfer/reject} {id, reason}. */
export const acceptFx = byId('/staff/notary/accept');
export const completeFx = byId('/staff/notary/complete');
export const transferConfirmFx = byId('/staff/notary/transfer/confirm');
export const failFx = withReason('/staff/notary/fail');
export const voidFx = withReason('/staff/notary/void');
export const transferRejectFx = withReason('/staff/notary/transfer/reject');
export const acceptMutation = answersNull(acceptFx);
export const completeMutation = answersNull(completeFx);
export const transferConfirmMutation = answersNull(transferConfirmFx);
export const failMutation = answersNull(failFx);
export const voidMutation = answersNull(voidFx);
export const transferRejectMutation = answersNull(transferRejectFx);

export type CertificateUploadParams = { id: number; file: File; onProgress?: (progress: UploadProgress) => void };

/** POST /api/staff/notary/certificate?id= with the PDF as the whole body: attaches (or replaces) the certificate. */
export const uploadCertificateFx = createStaffUploadEffect(({ id, file, onProgress }: CertificateUploadParams) => ({
  path: '/staff/notary/certificate',
  fields: { id: String(id) },
  file,
  fileName: file.name,
  onProgress,
}));

/** POST /api/staff/notary/ship {id, courier, number}: a completed paper-delivery order sent. */
export const shipFx = staffApi.post('/staff/notary/ship', (body: { id: number; courier: string; number: string }) => body);
export const shipMutation = answersNull(shipFx);

export type NotaryOpenParams =
  | { id: number; kind: 'document'; type: number }
  | { id: number; kind: 'certificate' }
  | { id: number; kind: 'recordCertificate' | 'recordFile'; evidenceId: number };

/** POST /api/staff/notary/open: a link for minutes to one of the order's files (audited). */
export const openFx = staffApi.post('/staff/notary/open', (params: NotaryOpenParams) => params);
export const openMutation = createMutation({ effect: openFx, contract: zodContract(notaryDeskOpenResponse) });

/** POST /api/staff/notary/view {id}: the masked values in clear (audited). */
export const viewFx = staffApi.post('/staff/notary/view', (id: number) => ({ id }));
export const viewMutation = createMutation({ effect: viewFx, contract: zodContract(notaryDeskViewResponse) });
