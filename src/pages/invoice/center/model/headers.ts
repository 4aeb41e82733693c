import { attach, combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { INVOICE_HEADER_MAX, invoiceHeaderFields, type InvoiceHeader, type InvoiceType } from '@contracts';
import { translate, translateMessage } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { addInvoiceMutation, delInvoiceMutation, editInvoiceMutation, riseListQuery } from '@/entities/invoice';

/** Tab 2, invoice headers: at most 5 headers; add, edit, delete. */
export const HeadersGate = createGate();

export const $headers = riseListQuery.$data.map((data) => data?.list ?? []);
export const $loading = riseListQuery.$pending;
export const $failed = riseListQuery.$failed;
export const retryClicked = createEvent();
sample({ clock: [HeadersGate.open, retryClicked], target: riseListQuery.refresh });

export type HeaderFormValues = {
  type: InvoiceType;
  head: string;
  taxNum: string;
  bankName: string;
  account: string;
  street: string;
  phoneNumber: string;
};
const EMPTY: HeaderFormValues = { type: 'ENTERPRISE', head: '', taxNum: '', bankName: '', account: '', street: '', phoneNumber: '' };
/** Required only on the paper special invoice (spec section 5). */
export const SPECIAL_FIELDS = ['bankName', 'account', 'street', 'phoneNumber'] as const;

export const headerForm = createForm({ schema: invoiceHeaderFields, initialValues: EMPTY });
export const addClicked = createEvent();
export const editClicked = createEvent<InvoiceHeader>();
export const formClosed = createEvent();

export const $editing = createStore<InvoiceHeader | null>(null)
  .on(editClicked, (_, header) => header)
  .reset([addClicked, formClosed, editInvoiceMutation.finished.success]);
export const $formOpen = createStore(false)
  .on(editClicked, () => true)
  .on(formClosed, () => false)
  .on([addInvoiceMutation.finished.success, editInvoiceMutation.finished.success], () => false)
  .reset(HeadersGate.close);
export const $saving = combine(addInvoiceMutation.$pending, editInvoiceMutation.$pending, (a, b) => a || b);
export const $atLimit = $headers.map((list) => list.length >= INVOICE_HEADER_MAX);
export const $special = headerForm.$values.map((values) => values.type === 'ENTERPRISE_SPECIAL');

// Spec section 5: at most 5, said at once (the server refuses a sixth as well).
sample({
  clock: addClicked,
  source: $atLimit,
  filter: (atLimit) => atLimit,
  fn: () => ({ type: 'error' as const, text: translateMessage('invoiceHeaderLimit') }),
  target: showToastFx,
});
sample({ clock: addClicked, source: $atLimit, filter: (atLimit) => !atLimit, fn: () => true, target: $formOpen });
// Reset before the edited header's values are loaded in (samples run in the order they are declared).
sample({ clock: [addClicked, editClicked, formClosed], target: headerForm.reset });
sample({
  clock: editClicked,
  fn: (h): HeaderFormValues => ({
    type: h.type,
    head: h.head,
    taxNum: h.taxNum,
    bankName: h.bankName,
    account: h.account,
    street: h.street,
    phoneNumber: h.phoneNumber,
  }),
  target: headerForm.valuesLoaded,
});
// Switching to the electronic invoice makes the special fields optional: their messages go.
sample({
  clock: headerForm.fieldChanged,
  filter: ({ name, value }) => name === 'type' && value === 'ENTERPRISE',
  fn: () => ({ bankName: null, account: null, street: null, phoneNumber: null }),
  target: headerForm.errorsPatched,
});

sample({
  clock: headerForm.validated,
  source: $editing,
  filter: (editing) => editing === null,
  fn: (_, fields) => fields,
  target: addInvoiceMutation.start,
});
sample({
  clock: headerForm.validated,
  source: $editing,
  filter: (editing) => editing !== null,
  fn: (editing, fields) => ({ ...fields, id: editing?.id ?? 0 }),
  target: editInvoiceMutation.start,
});

export const deleteClicked = createEvent<InvoiceHeader>();
const $deleting = createStore<InvoiceHeader | null>(null).on(deleteClicked, (_, h) => h);
const confirmDeleteFx = attach({ effect: showConfirmFx });
sample({
  clock: deleteClicked,
  fn: (h) => ({
    title: translate('invoice:headers.deleteTitle'),
    content: translate('invoice:headers.deleteContent', { head: h.head }),
    okText: translate('invoice:headers.deleteOk'),
    cancelText: translate('invoice:headers.deleteCancel'),
    danger: true,
  }),
  target: confirmDeleteFx,
});
sample({
  clock: confirmDeleteFx.doneData,
  source: $deleting,
  filter: (h, confirmed) => confirmed && h !== null,
  fn: (h) => h?.id ?? 0,
  target: delInvoiceMutation.start,
});
export const $deletePending = delInvoiceMutation.$pending;

const toast = (key: string) => () => ({ type: 'success' as const, text: translate(key) });
sample({ clock: addInvoiceMutation.finished.success, fn: toast('invoice:headers.added'), target: showToastFx });
sample({ clock: editInvoiceMutation.finished.success, fn: toast('invoice:headers.updated'), target: showToastFx });
sample({ clock: delInvoiceMutation.finished.success, fn: toast('invoice:headers.deleted'), target: showToastFx });
// `start`, not `refresh`: the list changed, so it is read again whatever the query thinks of its freshness.
sample({
  clock: [addInvoiceMutation.finished.success, editInvoiceMutation.finished.success, delInvoiceMutation.finished.success],
  fn: () => undefined,
  target: riseListQuery.start,
});
