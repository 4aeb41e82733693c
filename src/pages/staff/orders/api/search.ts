import { createMutation, createQuery } from '@farfetched/core';
import { z } from 'zod';
import { zodContract } from '@farfetched/zod';
import { staffApi } from '@/shared/api';
import { orderDetailResponse, orderSearchResponse } from '@contracts';

export type OrderSearchParams = {
  page: number;
  orderNo: string;
  phone: string;
  type: number;
  status: number;
  startTime?: number;
  endTime?: number;
};

/** GET /api/staff/orders/list: orders of every account, 10 a page. */
export const orderSearchFx = staffApi.get('/staff/orders/list', (params: OrderSearchParams) => params);
export const orderSearchQuery = createQuery({ effect: orderSearchFx, contract: zodContract(orderSearchResponse) });

/** GET /api/staff/orders/detail?orderNo=: one order with its gateway records. */
export const orderDetailFx = staffApi.get('/staff/orders/detail', (orderNo: string) => ({ orderNo }));
export const orderDetailQuery = createQuery({ effect: orderDetailFx, contract: zodContract(orderDetailResponse) });

/** POST /api/staff/orders/retryRefund: a failed refund asked for again (the same out-refund number). */
export const refundRetryFx = staffApi.post('/staff/orders/retryRefund', (orderNo: string) => ({ orderNo }));
export const refundRetryMutation = createMutation({ effect: refundRetryFx, contract: zodContract(z.null()) });
