import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { orderListResponse, wxIsPayResponse, type NotaryOrderListQuery, type ProcessOrderListQuery } from '@contracts';

/** GET /api/processorder/getOrderList: recharge (type 1) and consumption (type 2) orders; isType filters the status. */
export const processOrderListFx = api.get('/processorder/getOrderList', (query: ProcessOrderListQuery) => query);

/** GET /api/evidences/orderList: notarisation orders (type 3); payType filters the status. */
export const notaryOrderListFx = api.get('/evidences/orderList', (query: NotaryOrderListQuery) => query);

export const orderListContract = zodContract(orderListResponse);

export const wxIsPayFx = api.post('/alipay/wxIsPay', (orderNo: string) => ({ order_no: orderNo }));
/** POST /api/alipay/wxIsPay {order_no}: isPay 1 once paid. The WeChat page asks every 3 seconds. */
export const wxIsPayQuery = createQuery({ effect: wxIsPayFx, contract: zodContract(wxIsPayResponse) });
