import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { attach, combine, createEffect, createEvent, sample } from 'effector';
import { api } from '@/shared/api';
import { cancelPayResponse, doPayResponse, PAY_TYPE, type DoPayRequest, type Order } from '@contracts';
import { translate } from '@/shared/i18n';
import { navigateFx } from '@/shared/routing';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { userInfoRefreshRequested } from '@/entities/session';
import { createEvidencesPayMutation, weChatPayHref } from '@/entities/order';
import { submitGatewayForm } from '../lib/gateway-form';

export const doPayFx = api.post('/alipay/doPay', (params: DoPayRequest) => params);
/** POST /api/alipay/doPay {integral | order_no, type}: 1 Alipay (an html form), 2 WeChat Pay (a code URL). */
export const doPayMutation = createMutation({ effect: doPayFx, contract: zodContract(doPayResponse) });

export const cancelPayFx = api.post('/alipay/cancelPay', (orderNo: string) => ({ order_no: orderNo }));
/** POST /api/alipay/cancelPay {order_no} */
export const cancelPayMutation = createMutation({ effect: cancelPayFx, contract: zodContract(cancelPayResponse) });

/** A consumption (or notarisation) order of the list paid with points (the order entity's /Evidences/pay). */
const evidencesPayMutation = createEvidencesPayMutation();

export const submitGatewayFormFx = createEffect((html: string) => {
  if (!submitGatewayForm(html)) throw new Error('no gateway form');
});

/** Start a payment through a gateway: a new recharge (`integral`) or a pending recharge order (`order_no`). */
export const rechargeRequested = createEvent<DoPayRequest>();
/** "Pay" on an order of the list. */
export const payOrderClicked = createEvent<Order>();
/** "Cancel" on an order of the list. */
export const cancelOrderClicked = createEvent<Order>();
/** An order was paid with points or cancelled: lists reload. */
export const orderChanged = createEvent<string>();

export const $paying = combine(
  doPayMutation.$pending,
  evidencesPayMutation.$pending,
  submitGatewayFormFx.pending,
  (a, b, c) => a || b || c,
);
export const $cancelling = cancelPayMutation.$pending;

sample({ clock: rechargeRequested, target: doPayMutation.start });
sample({
  clock: doPayMutation.finished.success,
  filter: ({ result }) => result.type === 1,
  fn: ({ result }) => result.html,
  target: submitGatewayFormFx,
});
sample({
  clock: doPayMutation.finished.success,
  filter: ({ result }) => result.type === 2,
  fn: ({ result }) => weChatPayHref(result.order_no, result.url, result.money),
  target: navigateFx,
});
sample({
  clock: submitGatewayFormFx.fail,
  fn: () => ({ type: 'error' as const, text: translate('orders:pay.gatewayFailed') }),
  target: showToastFx,
});

// Spec sections 6 and 8: orders created in the app are paid in the app.
sample({
  clock: payOrderClicked,
  filter: (order) => order.isApp === 1,
  fn: () => ({ type: 'warning' as const, text: translate('orders:appOrder') }),
  target: showToastFx,
});
sample({
  clock: payOrderClicked,
  filter: (order) => order.isApp === 0 && order.type === 1,
  fn: (order): DoPayRequest => ({ type: order.pay_type === PAY_TYPE.wechat ? 2 : 1, order_no: order.order_no }),
  target: rechargeRequested,
});

const confirmPointsFx = attach({
  effect: showConfirmFx,
  mapParams: (order: Order) => ({
    title: translate('orders:pay.confirmTitle'),
    content: translate('orders:pay.confirmContent', { points: order.balance, desc: order.desc }),
    okText: translate('orders:pay.confirmOk'),
    cancelText: translate('orders:pay.confirmCancel'),
  }),
});
const pointsPayAsked = sample({ clock: payOrderClicked, filter: (order) => order.isApp === 0 && order.type !== 1 });
sample({ clock: pointsPayAsked, target: confirmPointsFx });
sample({
  clock: confirmPointsFx.done,
  filter: ({ result }) => result,
  fn: ({ params }) => params.order_no,
  target: evidencesPayMutation.start,
});
sample({
  clock: evidencesPayMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('orders:pay.done') }),
  target: showToastFx,
});

const confirmCancelFx = attach({
  effect: showConfirmFx,
  mapParams: (order: Order) => ({
    title: translate('orders:cancel.confirmTitle'),
    content: translate('orders:cancel.confirmContent', { orderNo: order.order_no }),
    okText: translate('orders:cancel.confirmOk'),
    cancelText: translate('orders:cancel.confirmCancel'),
    danger: true,
  }),
});
sample({ clock: cancelOrderClicked, target: confirmCancelFx });
sample({
  clock: confirmCancelFx.done,
  filter: ({ result }) => result,
  fn: ({ params }) => params.order_no,
  target: cancelPayMutation.start,
});
// Spec section 8: a cancel's toast is the word for 'cancel' (orders:cancel.prefix) followed by the server's message.
sample({
  clock: cancelPayMutation.finished.success,
  fn: ({ result }) => ({ type: 'success' as const, text: `${translate('orders:cancel.prefix')}${result.msg}` }),
  target: showToastFx,
});

sample({
  clock: [evidencesPayMutation.finished.success, cancelPayMutation.finished.success],
  fn: ({ params }) => params,
  target: orderChanged,
});
sample({ clock: evidencesPayMutation.finished.success, target: userInfoRefreshRequested });
