import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { cancelOrderClicked, cancelPayFx, doPayFx, payOrderClicked, submitGatewayFormFx } from '@/features/pay-order';
import { evidencesPayFx, notaryOrderListFx, processOrderListFx } from '@/entities/order';
import { $list, $page, invoiceClicked, OrdersGate, pageChanged, rangeChanged, rowToggled, statusChanged, tabChanged } from './orders';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const order = (id: number, patch: Partial<Order> = {}): Order => ({
  id,
  order_no: `R${id}`,
  type: 1,
  create_time: '2025-01-06 09:00:00',
  expire_time: '2025-01-06 09:30:00',
  desc: '积分充值',
  balance: 10,
  status: 2,
  pay_status: '已支付',
  pay_type: 2,
  payType: '支付宝',
  isApp: 0,
  invoiceStatus: 0,
  ...patch,
});

function setup(list: Order[] = [order(1), order(2, { pay_type: 1 }), order(3, { status: 1 })]) {
  const process = vi.fn(() => ({ count: 23, list }));
  const notary = vi.fn(() => ({ count: 1, list: [order(9, { type: 3 })] }));
  const toast = vi.fn();
  const navigate = vi.fn();
  const cancel = vi.fn((orderNo: string) => ({ order_no: orderNo, msg: '成功' }));
  const pay = vi.fn((orderNo: string) => ({ order_no: orderNo, points: 1 }));
  const doPay = vi.fn(() => ({ order_no: 'R3', type: 2, money: 10, html: '', url: 'http://h/x' }));
  const scope = fork({
    handlers: [
      [processOrderListFx, process],
      [notaryOrderListFx, notary],
      [showToastFx, toast],
      [navigateFx, navigate],
      [showConfirmFx, () => true],
      [cancelPayFx, cancel],
      [evidencesPayFx, pay],
      [doPayFx, doPay],
      [submitGatewayFormFx, vi.fn()],
    ],
  });
  return { scope, process, notary, toast, navigate, cancel, pay, doPay };
}

describe('orders page model', () => {
  it('tabs 1 and 2 ask getOrderList (type, isType); tab 3 asks evidences/orderList (payType)', async () => {
    const { scope, process, notary } = setup();
    await allSettled(OrdersGate.open, { scope, params: { tab: 1 } });
    expect(process).toHaveBeenLastCalledWith({ page: 1, type: 1, isType: 0 });
    await allSettled(statusChanged, { scope, params: 2 });
    expect(process).toHaveBeenLastCalledWith({ page: 1, type: 1, isType: 2 });
    await allSettled(pageChanged, { scope, params: 3 });
    expect(process).toHaveBeenLastCalledWith({ page: 3, type: 1, isType: 2 });
    await allSettled(tabChanged, { scope, params: 2 });
    expect(process).toHaveBeenLastCalledWith({ page: 1, type: 2, isType: 0 });
    await allSettled(tabChanged, { scope, params: 3 });
    expect(notary).toHaveBeenLastCalledWith({ page: 1, payType: 0 });
    expect(scope.getState($list).map((o) => o.id)).toEqual([9]);
  });

  it('a date range applies once both days are chosen, to the end of the last day', async () => {
    const { scope, process } = setup();
    await allSettled(OrdersGate.open, { scope, params: { tab: 1 } });
    const calls = process.mock.calls.length;
    await allSettled(rangeChanged, { scope, params: [new Date(2025, 0, 6), null] });
    expect(process.mock.calls.length).toBe(calls);
    await allSettled(rangeChanged, { scope, params: [new Date(2025, 0, 6), new Date(2025, 0, 7)] });
    // China midnight of the picked day (the time zone of record), whatever the test machine's zone.
    const start = Date.parse('2025-01-06T00:00:00+08:00') / 1000;
    expect(process).toHaveBeenLastCalledWith({ page: 1, type: 1, isType: 0, startTime: start, endTime: start + 2 * 86400 - 1 });
    expect(scope.getState($page)).toBe(1);
  });

  it('invoice: nothing eligible chosen -> 请先勾选…; chosen eligible orders -> makeOutInvoice with ids and money', async () => {
    const { scope, toast, navigate } = setup();
    await allSettled(OrdersGate.open, { scope, params: { tab: 1 } });
    await allSettled(invoiceClicked, { scope });
    expect(toast).toHaveBeenLastCalledWith({ type: 'warning', text: expect.any(String) });
    // Order 2 was paid with points: not eligible, ignored.
    await allSettled(rowToggled, { scope, params: 2 });
    await allSettled(invoiceClicked, { scope });
    expect(navigate).not.toHaveBeenCalled();
    await allSettled(rowToggled, { scope, params: 1 });
    await allSettled(invoiceClicked, { scope });
    expect(navigate.mock.lastCall?.at(-1)).toEqual('/orders/makeOutInvoice?ids=%5B1%5D&money=10');
  });

  it('cancel asks, calls cancelPay, toasts 取消 + the server message and reloads', async () => {
    const { scope, cancel, toast, process } = setup();
    await allSettled(OrdersGate.open, { scope, params: { tab: 1 } });
    const calls = process.mock.calls.length;
    await allSettled(cancelOrderClicked, { scope, params: order(3, { status: 1 }) });
    expect(cancel).toHaveBeenCalledWith('R3');
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: expect.stringMatching(/成功$/) });
    expect(process.mock.calls.length).toBe(calls + 1);
  });

  it('pay: app orders are refused in place; recharges go to their gateway; consumptions pay with points', async () => {
    const { scope, toast, doPay, pay, navigate } = setup();
    await allSettled(payOrderClicked, { scope, params: order(4, { status: 1, isApp: 1 }) });
    expect(toast).toHaveBeenCalledWith({ type: 'warning', text: expect.any(String) });
    expect(doPay).not.toHaveBeenCalled();
    await allSettled(payOrderClicked, { scope, params: order(5, { status: 1, pay_type: 3 }) });
    expect(doPay).toHaveBeenCalledWith({ type: 2, order_no: 'R5' });
    expect(navigate.mock.lastCall?.at(-1)).toEqual('/weChat/R3?url=http%3A%2F%2Fh%2Fx&money=10');
    await allSettled(payOrderClicked, { scope, params: order(6, { type: 2, status: 1, pay_type: 0 }) });
    expect(pay).toHaveBeenCalledWith('R6');
  });
});
