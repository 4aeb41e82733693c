import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { invoiceDeskDetailResponse, invoiceDeskListResponse, staffApi } from '@/shared/api';

export type InvoiceListParams = { page: number; status: number; applyNo: string; phone: string; startTime?: number; endTime?: number };

/** GET /api/staff/invoices/list: 10 a page by status (0 all), number, phone, days. */
export const invoiceListFx = staffApi.get('/staff/invoices/list', (params: InvoiceListParams) => params);
export const invoiceListQuery = createQuery({ effect: invoiceListFx, contract: zodContract(invoiceDeskListResponse) });

/** GET /api/staff/invoices/detail {id}. */
export const invoiceDetailFx = staffApi.get('/staff/invoices/detail', (id: number) => ({ id }));
export const invoiceDetailQuery = createQuery({ effect: invoiceDetailFx, contract: zodContract(invoiceDeskDetailResponse) });

/** POST /api/staff/invoices/submit {id, remark}: 1 -> 2. */
export const invoiceSubmitFx = staffApi.post('/staff/invoices/submit', (body: { id: number; remark: string }) => body);
export const invoiceSubmitMutation = createMutation({ effect: invoiceSubmitFx, contract: zodContract(z.null()) });

/** POST /api/staff/invoices/issue {id, courierNumber | email}: 2 -> 3. */
export const invoiceIssueFx = staffApi.post('/staff/invoices/issue', (body: { id: number; courierNumber: string; email: string }) => body);
export const invoiceIssueMutation = createMutation({ effect: invoiceIssueFx, contract: zodContract(z.null()) });

/** POST /api/staff/invoices/refuse {id, reason}: 1 or 2 -> 4. */
export const invoiceRefuseFx = staffApi.post('/staff/invoices/refuse', (body: { id: number; reason: string }) => body);
export const invoiceRefuseMutation = createMutation({ effect: invoiceRefuseFx, contract: zodContract(z.null()) });
