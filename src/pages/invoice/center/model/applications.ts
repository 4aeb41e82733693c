import { createGate } from 'effector-react';
import { INVOICE_PAGE_SIZE, type InvoiceListRequest } from '@contracts';
import { createPagedList, rangeParams } from '@/shared/lib/paged-list';
import { invoiceListQuery } from '@/entities/invoice';

/** The application list of tab 1: 10 per page, a date range (end of day) and a status filter (0 all, 1-4). */
export const ApplicationsGate = createGate();

/** `status`: 0 all, 1-4. */
const applications = createPagedList({
  gate: ApplicationsGate,
  query: invoiceListQuery,
  pageSize: INVOICE_PAGE_SIZE,
  filters: { range: null, text: '', status: 0 },
  toParams: ({ status, range }, page): InvoiceListRequest => ({ page, status, ...rangeParams(range) }),
});

/** The list the panel shows (`ListPage`). */
export const applicationsList = applications;

export const statusChanged = applications.filtersChanged.prepend((status: number) => ({ status }));
export const {
  rangeChanged,
  resetClicked,
  pageChanged,
  retryClicked,
  $rangeDraft,
  $page,
  $params,
  $list,
  $count,
  $pages,
  $pending,
  $failed,
  $loaded,
  $filtered,
  $view,
} = applications;
export const $status = applications.$filters.map((filters) => filters.status);
