import { attach, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import type { CancellationObligation } from '@contracts';
import { translate } from '@/shared/i18n';
import { createCountdown } from '@/shared/lib/countdown';
import { paths } from '@/shared/routing';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import {
  applyCancellationMutation,
  cancellationStatusQuery,
  sendCancelCodeMutation,
  withdrawCancellationMutation,
} from '../api/cancel-account';

export const CancelAccountGate = createGate();

export const $cancellation = cancellationStatusQuery.$data;
export const $smsCode = createStore('');
export const smsCodeChanged = createEvent<string>();
export const codeRequested = createEvent();
export const confirmed = createEvent();
export const withdrawn = createEvent();
export const $sending = sendCancelCodeMutation.$pending;
export const $applying = applyCancellationMutation.$pending;
export const $withdrawing = withdrawCancellationMutation.$pending;

/** Seconds before another code may be asked for when the server does not say. */
export const DEFAULT_RESEND_SECONDS = 60;
const resend = createCountdown();
/** Seconds until another code may be asked for; 0 when it may be asked now. */
export const $resendRemaining = resend.$remaining;

$smsCode.on(smsCodeChanged, (_, code) => code.replace(/\D/g, '').slice(0, 6));
sample({ clock: CancelAccountGate.open, target: cancellationStatusQuery.refresh });
sample({
  clock: codeRequested,
  source: { counting: resend.$counting, sending: $sending },
  filter: ({ counting, sending }) => !counting && !sending,
  target: sendCancelCodeMutation.start,
});
sample({
  clock: sendCancelCodeMutation.finished.success,
  fn: ({ result }) => (result.resendAfter > 0 ? result.resendAfter : DEFAULT_RESEND_SECONDS),
  target: resend.started,
});
sample({
  clock: sendCancelCodeMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('accountCancellation:codeSent') }),
  target: showToastFx,
});

// The cooling-off makes it reversible for a while; the dialog says what is lost once it ends.
const confirmApplyFx = attach({
  effect: showConfirmFx,
  mapParams: () => ({
    title: translate('accountCancellation:confirmTitle'),
    content: translate('accountCancellation:confirmText'),
    okText: translate('accountCancellation:confirm'),
    cancelText: translate('accountCancellation:keep'),
    danger: true,
  }),
});
// One dialog and one request at a time (a second press while Semi's dialog loads, or while the request runs, is ignored).
sample({
  clock: confirmed,
  source: { code: $smsCode, asking: confirmApplyFx.pending, applying: $applying },
  filter: ({ code, asking, applying }) => code.length === 6 && !asking && !applying,
  target: confirmApplyFx,
});
sample({
  clock: confirmApplyFx.done,
  source: $smsCode,
  filter: (code, { result }) => result && code.length === 6,
  target: applyCancellationMutation.start,
});
sample({ clock: withdrawn, target: withdrawCancellationMutation.start });
sample({
  clock: [applyCancellationMutation.finished.success, withdrawCancellationMutation.finished.success],
  target: [cancellationStatusQuery.refresh, $smsCode.reinit],
});
sample({
  clock: withdrawCancellationMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('accountCancellation:withdrawn') }),
  target: showToastFx,
});
sample({
  clock: applyCancellationMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('accountCancellation:applied') }),
  target: showToastFx,
});

/** Where the owner finishes or withdraws an obligation. */
export function obligationHref(item: CancellationObligation): string {
  if (item.kind === 'notary')
    return `${paths.notaryDetail}?${new URLSearchParams({ orderId: String(item.id ?? ''), goBackUrl: paths.setting }).toString()}`;
  if (item.kind === 'invoice') return paths.invoice;
  return paths.orders;
}
