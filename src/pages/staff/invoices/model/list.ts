import { concurrency } from '@farfetched/core';
import { createGate } from 'effector-react';
import { STAFF_PAGE_SIZE } from '@/shared/api';
import { createFilterDrafts, createPagedList, rangeParams, type DayRange } from '@/shared/lib/paged-list';
import { invoiceListQuery, type InvoiceListParams } from '../api/finance';

/** `/staff/invoices` (finance): applications 10 a page by status, number, phone and days. */
export const InvoiceListGate = createGate();
concurrency(invoiceListQuery, { strategy: 'TAKE_LATEST' });

type ListFilters = { range: DayRange | null; text: string; status: number; applyNo: string; phone: string };
const everything: ListFilters = { range: null, text: '', status: 0, applyNo: '', phone: '' };

export const invoiceList = createPagedList({
  gate: InvoiceListGate,
  query: invoiceListQuery,
  pageSize: STAFF_PAGE_SIZE,
  filters: everything,
  toParams: ({ status, applyNo, phone, range }, page): InvoiceListParams => ({ page, status, applyNo, phone, ...rangeParams(range) }),
});
export const statusChanged = invoiceList.filtersChanged.prepend((status: number) => ({ status }));
export const drafts = createFilterDrafts({
  empty: { applyNo: '', phone: '' },
  apply: invoiceList.filtersChanged.prepend((patch: Partial<{ applyNo: string; phone: string }>) => patch),
  clear: [invoiceList.resetClicked, InvoiceListGate.close],
});
