import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api, cancellationStatusSchema, sendSmsResponse } from '@/shared/api';

/** POST /api/user/cancellation/status: none or pending, and the open obligations. */
export const cancellationStatusQuery = createQuery({
  effect: api.post('/user/cancellation/status'),
  contract: zodContract(cancellationStatusSchema),
});

/** POST /api/user/cancellation/sendCode: the code goes to the account's own phone. */
export const sendCancelCodeMutation = createMutation({
  effect: api.post('/user/cancellation/sendCode'),
  contract: zodContract(sendSmsResponse),
});

/** POST /api/user/cancellation/apply {smsCode} */
export const applyCancellationMutation = createMutation({
  effect: api.post('/user/cancellation/apply', (smsCode: string) => ({ smsCode })),
  contract: zodContract(cancellationStatusSchema),
});

/** POST /api/user/cancellation/withdraw */
export const withdrawCancellationMutation = createMutation({
  effect: api.post('/user/cancellation/withdraw'),
  contract: zodContract(cancellationStatusSchema),
});
