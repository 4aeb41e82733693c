import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { staffApi } from '@/shared/api';
import { kycReviewDetailResponse, kycReviewListResponse, kycReviewViewResponse } from '@contracts';

export type KycQueueParams = { page: number; kind: string; state: string; phone: string };

/** GET /api/staff/kyc/list {page, kind, state, phone}: 10 a page, pending ones oldest first. */
export const kycQueueFx = staffApi.get('/staff/kyc/list', (params: KycQueueParams) => params);
export const kycQueueQuery = createQuery({ effect: kycQueueFx, contract: zodContract(kycReviewListResponse) });

/** GET /api/staff/kyc/detail {id}: one submission, masked. */
export const kycDetailFx = staffApi.get('/staff/kyc/detail', (id: number) => ({ id }));
export const kycDetailQuery = createQuery({ effect: kycDetailFx, contract: zodContract(kycReviewDetailResponse) });

/** POST /api/staff/kyc/view {id}: everything in clear and the images' links; the view is audited. */
export const kycViewFx = staffApi.post('/staff/kyc/view', (id: number) => ({ id }));
export const kycViewMutation = createMutation({ effect: kycViewFx, contract: zodContract(kycReviewViewResponse) });

/** POST /api/staff/kyc/reveal {id, field}: one masked value in clear (the account phone); the view is audited. */
export const kycRevealFx = staffApi.post('/staff/kyc/reveal', (body: { id: number; field: string }) => body);

/** POST /api/staff/kyc/approve {id}. */
export const kycApproveFx = staffApi.post('/staff/kyc/approve', (id: number) => ({ id }));
export const kycApproveMutation = createMutation({ effect: kycApproveFx, contract: zodContract(z.null()) });

/** POST /api/staff/kyc/refuse {id, reason}. */
export const kycRefuseFx = staffApi.post('/staff/kyc/refuse', (body: { id: number; reason: string }) => body);
export const kycRefuseMutation = createMutation({ effect: kycRefuseFx, contract: zodContract(z.null()) });
