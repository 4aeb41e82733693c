import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api, createUploadEffect, type UploadProgress } from '@/shared/api';
import { createEvidencesPayMutation } from '@/entities/order';
import {
  notaryCreateResponse,
  notaryPaymentResponse,
  notaryStateResponse,
  type NotaryApplicationRequest,
  type NotaryCreateRequest,
} from '@contracts';

const stateContract = zodContract(notaryStateResponse);

/** POST /api/notary/create {type, ids}: a new order of the chosen records. */
export const createOrderFx = api.post('/notary/create', (body: NotaryCreateRequest) => body);
export const createOrderMutation = createMutation({ effect: createOrderFx, contract: zodContract(notaryCreateResponse) });

/** POST /api/notary/applicationForm: step 1; answers the order's state. */
export const applicationFormFx = api.post('/notary/applicationForm', (body: NotaryApplicationRequest) => body);
export const applicationFormMutation = createMutation({ effect: applicationFormFx, contract: stateContract });

/** POST /api/notary/sign {orderId}: step 2 with the default seal. */
export const signFx = api.post('/notary/sign', (orderId: number) => ({ orderId }));
export const signMutation = createMutation({ effect: signFx, contract: stateContract });

/** POST /api/notary/decode {orderId, agree}: step 3. */
export const decodeFx = api.post('/notary/decode', (orderId: number) => ({ orderId, agree: '1' }));
export const decodeMutation = createMutation({ effect: decodeFx, contract: stateContract });

/** POST /api/notary/payment {orderId}: step 4's payment order (the live one, or a new one). */
export const paymentFx = api.post('/notary/payment', (orderId: number) => ({ orderId }));
export const paymentMutation = createMutation({ effect: paymentFx, contract: zodContract(notaryPaymentResponse) });

/** The payment order paid with points (the order entity's /Evidences/pay). */
export const payMutation = createEvidencesPayMutation();

export type TransferUploadParams = { orderId: number; file: File; onProgress?: (progress: UploadProgress) => void };

/** POST /api/notary/transfer (the screenshot as the body, orderId in the query): step 4 by bank transfer; answers the state. */
export const uploadTransferFx = createUploadEffect(({ orderId, file, onProgress }: TransferUploadParams) => ({
  path: '/notary/transfer',
  fields: { orderId: String(orderId) },
  file,
  fileName: file.name,
  onProgress,
}));
