import { attach, combine, createEvent, sample } from 'effector';
import { createGate } from 'effector-react';
import { ApiError } from '@/shared/api';
import { ApiCode, INVOICE_STATUS } from '@contracts';
import { translate } from '@/shared/i18n';
import { navigateFx, paths } from '@/shared/routing';
import { showConfirmFx } from '@/shared/ui';
import { checkFailQuery, invoiceDetailQuery, makeOutInvoicePath } from '@/entities/invoice';

/** `/invoice/details?id=`: one application; a refused one shows its reason (from checkFail) and a re-apply link. */
export const DetailsGate = createGate<{ id: string | null }>();
export const retryClicked = createEvent();

const idOf = (text: string | null): number | null => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
const $id = DetailsGate.state.map(({ id }) => idOf(id ?? null));

// The gate's state changes when the page opens and when `?id=` changes: one call each time.
sample({
  clock: [$id.updates, retryClicked],
  source: $id,
  filter: (id): id is number => id !== null,
  target: invoiceDetailQuery.start,
});
// Another application's details are never shown while this one loads.
sample({ clock: DetailsGate.close, target: [invoiceDetailQuery.reset, checkFailQuery.reset] });

export const $detail = invoiceDetailQuery.$data;
export const $pending = invoiceDetailQuery.$pending;
/** No valid id, or the service answered none (missing or someone else's, spec: the same). */
export const $missing = combine(
  $id,
  invoiceDetailQuery.$error,
  (id, error) => id === null || (error instanceof ApiError && error.code === ApiCode.notFound),
);
export const $failed = combine(invoiceDetailQuery.$failed, $missing, (failed, missing) => failed && !missing);

const $refused = $detail.map((detail) => detail?.status === INVOICE_STATUS.refused);
/** Spec section 4: the refusal reason comes from /api/user/checkFail. */
sample({
  clock: invoiceDetailQuery.finished.success,
  filter: ({ result }) => result.status === INVOICE_STATUS.refused,
  fn: ({ result }) => result.id,
  target: checkFailQuery.start,
});
export const $reason = combine($refused, checkFailQuery.$data, (refused, data) => (refused ? (data?.checkRemark ?? null) : null));

/** The same orders again (a refusal set them back to invoiceStatus 3, so they may be applied for). */
export const $reapplyPath = $detail.map((detail) =>
  detail?.status === INVOICE_STATUS.refused
    ? makeOutInvoicePath(
        detail.orders.map((o) => o.id),
        detail.money,
      )
    : null,
);

// Spec section 7: the reason is shown as the text of a confirmation, whose button re-applies.
const confirmReapplyFx = attach({ effect: showConfirmFx });
sample({
  clock: checkFailQuery.finished.success,
  filter: DetailsGate.status,
  fn: ({ result }) => ({
    title: translate('invoice:details.confirmTitle'),
    content: result.checkRemark,
    okText: translate('invoice:details.confirmOk'),
    cancelText: translate('invoice:details.confirmCancel'),
  }),
  target: confirmReapplyFx,
});
sample({
  clock: confirmReapplyFx.doneData,
  source: $reapplyPath,
  filter: (path, confirmed) => confirmed && path !== null,
  fn: (path) => path ?? paths.invoice,
  target: navigateFx,
});
