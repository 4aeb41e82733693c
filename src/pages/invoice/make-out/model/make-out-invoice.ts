import { combine, createEvent, sample } from 'effector';
import { createGate } from 'effector-react';
import { INVOICE_ORDERS_MAX, invoiceAskRequest, shippingOf } from '@contracts';
import { translate, translateMessage } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { navigateFx, paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { addressListQuery } from '@/entities/address';
import { invoiceAskMutation, invoiceOrdersQuery, parseOrderIds, riseListQuery } from '@/entities/invoice';
import { $user } from '@/entities/session';

/** `/orders/makeOutInvoice?ids=[…]&money=`: the chosen orders, a header, a delivery address and a remark. */
export const MakeOutGate = createGate<{ ids: string | null }>();
export const retryClicked = createEvent();

export const $ids = MakeOutGate.state.map(({ ids }) => parseOrderIds(ids ?? null));
export const $tooMany = $ids.map((ids) => ids.length > INVOICE_ORDERS_MAX);
export const $noOrders = $ids.map((ids) => ids.length === 0);

// The orders load when the page opens with a usable choice (the gate's state changes then, once).
sample({
  clock: [$ids.updates, retryClicked],
  source: $ids,
  filter: (ids) => ids.length > 0 && ids.length <= INVOICE_ORDERS_MAX,
  target: invoiceOrdersQuery.start,
});
// Read again on every visit (not `refresh`, which skips a query it thinks fresh): the person may come back from
// adding a header or an address for the same orders.
sample({ clock: [MakeOutGate.open, retryClicked], fn: () => undefined, target: [riseListQuery.start, addressListQuery.start] });
sample({ clock: MakeOutGate.close, target: invoiceOrdersQuery.reset });

export const $orders = invoiceOrdersQuery.$data.map((data) => data?.list ?? []);
export const $ordersPending = invoiceOrdersQuery.$pending;
export const $ordersFailed = invoiceOrdersQuery.$failed;
/** What the service will invoice: the sum of the chosen orders (the `money` query is only what /orders computed). */
export const $total = $orders.map((list) => Math.round(list.reduce((sum, o) => sum + o.money * 100, 0)) / 100);
export const $headers = riseListQuery.$data.map((data) => data?.list ?? []);
export const $addresses = addressListQuery.$data.map((data) => data?.list ?? []);
export const $headersPending = riseListQuery.$pending;
export const $headersFailed = riseListQuery.$failed;
export const $addressesPending = addressListQuery.$pending;
export const $addressesFailed = addressListQuery.$failed;
/** Spec section 6: an organisation's orders go only to its enterprise's header. */
export const $enterprise = $user.map((user) => user?.status === 2);

export const applyForm = createForm({
  schema: invoiceAskRequest.omit({ ids: true }),
  initialValues: { userInvoiceId: '', userAddressId: '', remark: '' },
});
sample({ clock: MakeOutGate.close, target: applyForm.reset });

// The default address is chosen for the person when invoices may be mailed there, unless they chose one already (the
// list is shared with /address, so only while this page is open).
sample({
  clock: addressListQuery.finished.success,
  filter: MakeOutGate.status,
  fn: ({ result }) => {
    const preferred = result.list.find((a) => a.status === 1 && !a.noInvoiceMail);
    return { userAddressId: preferred ? String(preferred.id) : '' };
  },
  target: applyForm.valuesLoaded,
});

const $chosenHeader = combine(
  $headers,
  applyForm.$values,
  (headers, values) => headers.find((h) => String(h.id) === values.userInvoiceId) ?? null,
);
/** 0 e-mailed, 1 posted free, 2 postage collect; null until a header says which kind of invoice it is. */
export const $shipping = combine($chosenHeader, $total, (header, total) => (header ? shippingOf(header.type, total) : null));
export const $remarkLength = applyForm.$values.map((values) => values.remark.length);

/**
 * Spec section 6 as far as the page knows it: an organisation applies once verified, and only to a header in its
 * verified company's name (the service also compares the credit code).
 */
const $enterpriseProblem = combine($user, $chosenHeader, (user, header) => {
  if (user?.status !== 2) return null;
  if (user.userStatus !== 3) return translate('invoice:enterpriseUnverified');
  if (header && header.head !== user.company.trim()) return translate('invoice:enterpriseHeaderOnly', { company: user.company });
  return null;
});

/** Why the application cannot be sent as it is, or null when it can. */
const $problem = combine($ids, $tooMany, $orders, $enterpriseProblem, (ids, tooMany, orders, enterpriseProblem) => {
  if (ids.length === 0) return translateMessage('invoiceOrdersRequired');
  if (tooMany) return translateMessage('invoiceOrdersMax');
  if (orders.length === 0) return translateMessage('invoiceOrdersRequired');
  return orders.find((o) => !o.eligible)?.reason ?? enterpriseProblem;
});

sample({
  clock: applyForm.validated,
  source: $problem,
  filter: (problem) => problem !== null,
  fn: (problem) => ({ type: 'error' as const, text: problem ?? '' }),
  target: showToastFx,
});
sample({
  clock: applyForm.validated,
  source: { problem: $problem, ids: $ids },
  filter: ({ problem }) => problem === null,
  fn: ({ ids }, fields) => ({ ids, ...fields }),
  target: invoiceAskMutation.start,
});
export const $submitting = invoiceAskMutation.$pending;

sample({
  clock: invoiceAskMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('invoice:apply.submitted') }),
  target: showToastFx,
});
sample({ clock: invoiceAskMutation.finished.success, fn: () => paths.invoice, target: navigateFx });
// A refusal (an order taken meanwhile, say) shows the service's message; the orders are read again.
sample({
  clock: invoiceAskMutation.finished.failure,
  source: $ids,
  filter: (ids) => ids.length > 0 && ids.length <= INVOICE_ORDERS_MAX,
  target: invoiceOrdersQuery.start,
});
