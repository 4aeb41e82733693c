import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { notaryDeskDetailResponse, notaryDeskListResponse, staffApi } from '@/shared/api';

export type NotaryQueueParams = { page: number; state: string; orderNo: string; phone: string };

/** GET /api/staff/notary/list {page, state, orderNo, phone}: 10 a page. */
export const notaryQueueFx = staffApi.get('/staff/notary/list', (params: NotaryQueueParams) => params);
export const notaryQueueQuery = createQuery({ effect: notaryQueueFx, contract: zodContract(notaryDeskListResponse) });

/** GET /api/staff/notary/detail {id}. */
export const notaryDetailFx = staffApi.get('/staff/notary/detail', (id: number) => ({ id }));
export const notaryDetailQuery = createQuery({ effect: notaryDetailFx, contract: zodContract(notaryDeskDetailResponse) });

const byId = (path: string) => {
  const effect = staffApi.post(path, (id: number) => ({ id }));
  return createMutation({ effect, contract: zodContract(z.null()) });
};
const withReason = (path: string) => {
  const effect = staffApi.post(path, (body: { id: number; reason: string }) => body);
  return createMutation({ effect, contract: zodContract(z.null()) });
};

/** POST /api/staff/notary/{accept,complete,transfer/confirm} {id}; {fail,void,transfer/reject} {id, reason}. */
export const acceptMutation = byId('/staff/notary/accept');
export const completeMutation = byId('/staff/notary/complete');
export const transferConfirmMutation = byId('/staff/notary/transfer/confirm');
export const failMutation = withReason('/staff/notary/fail');
export const voidMutation = withReason('/staff/notary/void');
export const transferRejectMutation = withReason('/staff/notary/transfer/reject');
