import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { staffApi } from '@/shared/api';
import { invoiceDeskDetailResponse, invoiceDeskListResponse } from '@contracts';

export type InvoiceListParams = { page: number; status: number; applyNo: string; phone: string; startTime?: number; endTime?: number };

/** GET /api/staff/invoices/list: 10 a page by status (0 all), number, phone, days. */
export const invoiceListFx = staffApi.get('/staff/invoices/list', (params: InvoiceListParams) => params);
export const invoiceListQuery = createQuery({ effect: invoiceListFx, contract: zodContract(invoiceDeskListResponse) });

/** GET /api/staff/invoices/detail {id}. */
export const invoiceDetailFx = staffApi.get('/staff/invoices/detail', (id: number) => ({ id }));
export const invoiceDetailQuery = createQuery({ effect: invoiceDetailFx, contract: zodContract(invoiceDeskDetailResponse) });

/** POST /api/staff/invoices/submit {id, remark}: 1 -> 2. */
/** POST /api/staff/invoices/reveal {id, field}: one masked value of an application in clear; the view is audited. */
export const invoiceRevealFx = staffApi.post('/staff/invoices/reveal', (body: { id: number; field: string }) => body);

export const invoiceSubmitFx = staffApi.post('/staff/invoices/submit', (body: { id: number; remark: string }) => body);
export const invoiceSubmitMutation = createMutation({ effect: invoiceSubmitFx, contract: zodContract(z.null()) });

/** POST /api/staff/invoices/issue {id, courierCompany, courierNumber}: a paper invoice, 2 -> 3. */
export const invoiceIssueFx = staffApi.post(
  '/staff/invoices/issue',
  (body: { id: number; courierCompany: string; courierNumber: string }) => body,
);
export const invoiceIssueMutation = createMutation({ effect: invoiceIssueFx, contract: zodContract(z.null()) });

export interface ElectronicIssueParams {
  id: number;
  email: string;
  invoiceNumber: string;
  invoiceCode: string;
  invoiceDate: string;
  invoice: File;
  xml: File | null;
}

/** The multipart body: the fields first (the server reads them before the files), then `invoice` and `xml`. */
export function electronicIssueBody(params: ElectronicIssueParams): FormData {
  const form = new FormData();
  form.append('id', String(params.id));
  form.append('email', params.email);
  form.append('invoiceNumber', params.invoiceNumber);
  form.append('invoiceCode', params.invoiceCode);
  form.append('invoiceDate', params.invoiceDate);
  form.append('invoice', params.invoice, params.invoice.name);
  if (params.xml) form.append('xml', params.xml, params.xml.name);
  return form;
}

/** POST /api/staff/invoices/issueElectronic (multipart): an electronic invoice with its file(s), 2 -> 3, e-mailed by a job. */
export const invoiceIssueElectronicFx = staffApi.postForm('/staff/invoices/issueElectronic', electronicIssueBody);
export const invoiceIssueElectronicMutation = createMutation({ effect: invoiceIssueElectronicFx, contract: zodContract(z.null()) });

/** POST /api/staff/invoices/resendMail {id}: the e-mail of an issued invoice queued again after it failed. */
export const invoiceResendMailFx = staffApi.post('/staff/invoices/resendMail', (id: number) => ({ id }));
export const invoiceResendMailMutation = createMutation({ effect: invoiceResendMailFx, contract: zodContract(z.null()) });

/** POST /api/staff/invoices/refuse {id, reason}: 1 or 2 -> 4. */
export const invoiceRefuseFx = staffApi.post('/staff/invoices/refuse', (body: { id: number; reason: string }) => body);
export const invoiceRefuseMutation = createMutation({ effect: invoiceRefuseFx, contract: zodContract(z.null()) });
