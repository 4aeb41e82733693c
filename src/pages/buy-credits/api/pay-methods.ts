import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { payMethodsResponse } from '@contracts';

export const payMethodsFx = api.get('/alipay/payMethods', () => ({}));
/** GET /api/alipay/payMethods: the payment methods this deployment offers. */
export const payMethodsQuery = createQuery({ effect: payMethodsFx, contract: zodContract(payMethodsResponse) });
