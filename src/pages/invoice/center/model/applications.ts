import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { INVOICE_PAGE_SIZE, type InvoiceList, type InvoiceListRequest } from '@/shared/api';
import { dateRangeToEpoch } from '@/shared/lib/date-range';
import { invoiceListQuery } from '@/entities/invoice';

/** The application list of tab 1: 10 per page, a date range (end of day) and a status filter (0 all, 1-4). */
export const ApplicationsGate = createGate();

export const statusChanged = createEvent<number>();
/** The two date inputs; the range applies once both days are chosen (or both cleared). */
export const rangeChanged = createEvent<[Date | null, Date | null]>();
export const resetClicked = createEvent();
export const pageChanged = createEvent<number>();
export const retryClicked = createEvent();

export const $status = createStore(0).on(statusChanged, (_, status) => status).reset([resetClicked, ApplicationsGate.close]);
export const $rangeDraft = createStore<[Date | null, Date | null]>([null, null], { serialize: 'ignore' })
  .on(rangeChanged, (_, range) => range)
  .reset([resetClicked, ApplicationsGate.close]);
const $range = $rangeDraft.map((range) => dateRangeToEpoch(range));
export const $page = createStore(1)
  .on(pageChanged, (_, page) => page)
  .reset([statusChanged, rangeChanged, resetClicked, ApplicationsGate.close]);

export const $params = combine($status, $range, $page, (status, range, page): InvoiceListRequest => ({ page, status, ...(range ?? {}) }));

sample({ clock: [ApplicationsGate.open, retryClicked], source: $params, filter: ApplicationsGate.status, target: invoiceListQuery.start });
sample({ clock: $params.updates, filter: ApplicationsGate.status, target: invoiceListQuery.start });

// Spec section 8: a failed list call shows an empty list (the catalogue shows the message).
const $data = createStore<InvoiceList | null>(null)
  .on(invoiceListQuery.finished.success, (_, { result }) => result)
  .on(invoiceListQuery.finished.failure, () => null)
  .reset(ApplicationsGate.close);
export const $list = $data.map((data) => data?.list ?? []);
export const $count = $data.map((data) => data?.count ?? 0);
export const $pages = $count.map((count) => Math.max(1, Math.ceil(count / INVOICE_PAGE_SIZE)));
export const $pending = invoiceListQuery.$pending;
export const $failed = invoiceListQuery.$failed;
export const $loaded = invoiceListQuery.$finished;
export const $filtered = combine($status, $range, (status, range) => status !== 0 || range !== null);
