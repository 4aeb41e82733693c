import { concurrency, createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { api } from '@/shared/api';
import {
  checkFailResponse,
  invoiceAskResponse,
  invoiceDetailResponse,
  invoiceHeaderResponse,
  invoiceListResponse,
  invoiceOrdersResponse,
  riseListResponse,
  type InvoiceHeaderFields,
  type InvoiceListRequest,
} from '@contracts';

export const riseListFx = api.get('/User/riseList');
/** GET /api/User/riseList: the headers (at most 5). */
export const riseListQuery = createQuery({ effect: riseListFx, contract: zodContract(riseListResponse) });
concurrency(riseListQuery, { strategy: 'TAKE_LATEST' });

export const addInvoiceFx = api.post('/User/addInvoice', (fields: InvoiceHeaderFields) => fields);
/** POST /api/User/addInvoice */
export const addInvoiceMutation = createMutation({ effect: addInvoiceFx, contract: zodContract(invoiceHeaderResponse) });

export const editInvoiceFx = api.post('/User/editInvoice', (fields: InvoiceHeaderFields & { id: number }) => fields);
/** POST /api/User/editInvoice */
export const editInvoiceMutation = createMutation({ effect: editInvoiceFx, contract: zodContract(invoiceHeaderResponse) });

export const delInvoiceFx = api.post('/User/delInvoice', (id: number) => ({ id }));
/** POST /api/User/delInvoice {id} */
export const delInvoiceMutation = createMutation({ effect: delInvoiceFx, contract: zodContract(z.null()) });

export const invoiceListFx = api.post('/user/invoiceList', (body: InvoiceListRequest) => body);
/** POST /api/user/invoiceList (page, startTime, endTime, status): 10 per page. */
export const invoiceListQuery = createQuery({ effect: invoiceListFx, contract: zodContract(invoiceListResponse) });
concurrency(invoiceListQuery, { strategy: 'TAKE_LATEST' });

export const invoiceDetailFx = api.post('/User/invoiceDetail', (id: number) => ({ id }));
/** POST /api/User/invoiceDetail {id} */
export const invoiceDetailQuery = createQuery({ effect: invoiceDetailFx, contract: zodContract(invoiceDetailResponse) });
concurrency(invoiceDetailQuery, { strategy: 'TAKE_LATEST' });

export const checkFailFx = api.post('/user/checkFail', (id: number) => ({ id }));
/** POST /api/user/checkFail {id}: data.checkRemark, the refusal reason. */
export const checkFailQuery = createQuery({ effect: checkFailFx, contract: zodContract(checkFailResponse) });
concurrency(checkFailQuery, { strategy: 'TAKE_LATEST' });

export const invoiceOrdersFx = api.post('/User/invoiceOrders', (ids: readonly number[]) => ({ ids }));
/** POST /api/User/invoiceOrders {ids} (ours): the chosen orders, each with whether it may be invoiced. */
export const invoiceOrdersQuery = createQuery({ effect: invoiceOrdersFx, contract: zodContract(invoiceOrdersResponse) });
concurrency(invoiceOrdersQuery, { strategy: 'TAKE_LATEST' });

export type InvoiceAskParams = { ids: readonly number[]; userInvoiceId: number; userAddressId: number; remark: string };
export const invoiceAskFx = api.post('/User/invoiceAsk', (params: InvoiceAskParams) => params);
/** POST /api/User/invoiceAsk (ids, userInvoiceId, userAddressId, remark) */
export const invoiceAskMutation = createMutation({ effect: invoiceAskFx, contract: zodContract(invoiceAskResponse) });
