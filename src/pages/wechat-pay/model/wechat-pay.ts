import { createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { interval } from 'patronum';
import { translate } from '@/shared/i18n';
import { navigateFx, paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { wxIsPayQuery } from '@/entities/order';
import { userInfoRefreshRequested } from '@/entities/session';

/** Spec section 2 (like the face-verification wait page): ask every 3 seconds. */
export const WECHAT_POLL_MS = 3000;

export const WeChatPayGate = createGate<{ orderNo: string }>();

/** 'waiting' until the order is paid, or closed (cancelled, expired, failed): then polling stops. */
export const $outcome = createStore<'waiting' | 'paid' | 'closed'>('waiting').reset(WeChatPayGate.open);

const answered = wxIsPayQuery.finished.success;
const paid = sample({ clock: answered, filter: ({ result }) => result.isPay === 1 });
const closed = sample({ clock: answered, filter: ({ result }) => result.isPay === 0 && result.status !== 1 });
$outcome.on(paid, () => 'paid').on(closed, () => 'closed');

const stop = sample({ clock: [paid, closed, WeChatPayGate.close] });
const poll = interval({ timeout: WECHAT_POLL_MS, start: WeChatPayGate.open, stop });
sample({
  clock: [WeChatPayGate.open, poll.tick],
  source: WeChatPayGate.state,
  filter: (state) => Boolean(state.orderNo),
  fn: (state) => state.orderNo,
  target: wxIsPayQuery.start,
});

// Paid: the header's balance follows at once, a toast says so, and the order history shows the order.
sample({ clock: paid, target: userInfoRefreshRequested });
sample({ clock: paid, fn: () => ({ type: 'success' as const, text: translate('orders:wechat.paid') }), target: showToastFx });
sample({ clock: paid, filter: WeChatPayGate.status, fn: () => ({ to: paths.orders, replace: true }), target: navigateFx });
