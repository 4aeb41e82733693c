import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { cancellationStatusSchema, sendSmsResponse } from '@contracts';

/** POST /api/user/cancellation/status: none or pending, and the open obligations. */
export const cancellationStatusFx = api.post('/user/cancellation/status');
export const cancellationStatusQuery = createQuery({
  effect: cancellationStatusFx,
  contract: zodContract(cancellationStatusSchema),
});

/** POST /api/user/cancellation/sendCode: the code goes to the account's own phone. */
export const sendCancelCodeFx = api.post('/user/cancellation/sendCode');
export const sendCancelCodeMutation = createMutation({
  effect: sendCancelCodeFx,
  contract: zodContract(sendSmsResponse),
});

/** POST /api/user/cancellation/apply {smsCode} */
export const applyCancellationFx = api.post('/user/cancellation/apply', (smsCode: string) => ({ smsCode }));
export const applyCancellationMutation = createMutation({
  effect: applyCancellationFx,
  contract: zodContract(cancellationStatusSchema),
});

/** POST /api/user/cancellation/withdraw */
export const withdrawCancellationFx = api.post('/user/cancellation/withdraw');
export const withdrawCancellationMutation = createMutation({
  effect: withdrawCancellationFx,
  contract: zodContract(cancellationStatusSchema),
});
