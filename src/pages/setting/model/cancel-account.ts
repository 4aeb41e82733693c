import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import type { CancellationObligation } from '@/shared/api';
import { translate } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
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

$smsCode.on(smsCodeChanged, (_, code) => code.replace(/\D/g, '').slice(0, 6));
sample({ clock: CancelAccountGate.open, target: cancellationStatusQuery.refresh });
sample({ clock: codeRequested, target: sendCancelCodeMutation.start });
sample({ clock: confirmed, source: $smsCode, filter: (code) => code.length === 6, target: applyCancellationMutation.start });
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
