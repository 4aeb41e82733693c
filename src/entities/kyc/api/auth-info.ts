import { concurrency, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { authInfoResponse } from '@contracts';

export const authInfoFx = api.post('/user/getAuthInfo');

/** POST /api/user/getAuthInfo: the signed-in user's verification (masked), with signed image links. */
export const authInfoQuery = createQuery({ effect: authInfoFx, contract: zodContract(authInfoResponse) });
concurrency(authInfoQuery, { strategy: 'TAKE_LATEST' });
