import { concurrency, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { addressListResponse } from '@contracts';

export const addressListFx = api.get('/User/addressList');
/** GET /api/User/addressList: the owner's addresses (at most 5); Hong Kong, Macau and Taiwan ones are marked noInvoiceMail. */
export const addressListQuery = createQuery({ effect: addressListFx, contract: zodContract(addressListResponse) });
concurrency(addressListQuery, { strategy: 'TAKE_LATEST' });
