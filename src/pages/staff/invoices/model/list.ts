import { sample } from 'effector';
import { STAFF_PAGE_SIZE } from '@contracts';
import { createListScreen, rangeParams, type DayRange } from '@/shared/lib/paged-list';
import { createReveal } from '@/entities/staff-member';
import { invoiceListQuery, invoiceRevealFx } from '../api/finance';

/** `/staff/invoices` (finance): applications 10 a page by status, number, phone and days. */
export const invoiceList = createListScreen({
  pageSize: STAFF_PAGE_SIZE,
  query: invoiceListQuery,
  filters: { range: null as DayRange | null, text: '', status: 0, applyNo: '', phone: '' },
  drafts: { applyNo: '', phone: '' },
  toParams: ({ status, applyNo, phone, range }, page) => ({ page, status, applyNo, phone, ...rangeParams(range) }),
});
export const InvoiceListGate = invoiceList.Gate;
export const statusChanged = invoiceList.fieldChanged('status');
export const { drafts } = invoiceList;

/** The account phones shown in clear on this page (the audited view original); forgotten on leaving it. */
export const phoneReveal = createReveal(invoiceRevealFx);
sample({ clock: InvoiceListGate.close, target: phoneReveal.cleared });
