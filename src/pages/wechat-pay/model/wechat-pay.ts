import { createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { interval } from 'patronum';
import { ApiError } from '@/shared/api';
import { translate } from '@/shared/i18n';
import { navigateFx, paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { wxIsPayQuery } from '@/entities/order';
import { $isAuthorized, userInfoRefreshRequested } from '@/entities/session';

/** Spec section 2 (like the face-verification wait page): ask every 3 seconds. */
export const WECHAT_POLL_MS = 3000;

export const WeChatPayGate = createGate<{ orderNo: string }>();

/**
 * 'waiting' until the order is paid, or closed (cancelled, expired, failed): then polling stops.
 * The page is public (spec section 1): only a signed-in visitor's own order is asked about. 'signedOut':
 * nobody is signed in, so nothing is asked; 'unknown': the order is not the visitor's (it answers as
 * missing). Both tell the visitor to sign in and look at the order history instead.
 */
export type WeChatOutcome = 'waiting' | 'paid' | 'closed' | 'signedOut' | 'unknown';
export const $outcome = createStore<WeChatOutcome>('waiting');

const opened = sample({ clock: WeChatPayGate.open, source: $isAuthorized, fn: (authorized, params) => ({ authorized, params }) });
const ownerOpened = sample({
  clock: opened,
  filter: ({ authorized, params }) => authorized && Boolean(params.orderNo),
  fn: ({ params }) => params,
});
sample({ clock: opened, fn: ({ authorized }): WeChatOutcome => (authorized ? 'waiting' : 'signedOut'), target: $outcome });

const answered = wxIsPayQuery.finished.success;
const paid = sample({ clock: answered, filter: ({ result }) => result.isPay === 1 });
const closed = sample({ clock: answered, filter: ({ result }) => result.isPay === 0 && result.status !== 1 });
// A refusal (another user's order, a made-up number) ends the polling; a lost connection does not.
const refused = sample({ clock: wxIsPayQuery.finished.failure, filter: ({ error }) => error instanceof ApiError && !error.network });
$outcome
  .on(paid, () => 'paid')
  .on(closed, () => 'closed')
  .on(refused, () => 'unknown');

const stop = sample({ clock: [paid, closed, refused, WeChatPayGate.close] });
const poll = interval({ timeout: WECHAT_POLL_MS, start: ownerOpened, stop });
sample({
  clock: [ownerOpened, poll.tick],
  source: { gate: WeChatPayGate.state, authorized: $isAuthorized },
  filter: ({ gate, authorized }) => authorized && Boolean(gate.orderNo),
  fn: ({ gate }) => gate.orderNo,
  target: wxIsPayQuery.start,
});

// Paid: the header's balance follows at once, a toast says so, and the order history shows the order.
sample({ clock: paid, target: userInfoRefreshRequested });
sample({ clock: paid, fn: () => ({ type: 'success' as const, text: translate('orders:wechat.paid') }), target: showToastFx });
sample({ clock: paid, filter: WeChatPayGate.status, fn: () => ({ to: paths.orders, replace: true }), target: navigateFx });
