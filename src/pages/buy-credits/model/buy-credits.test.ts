import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { DoPayRequest } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { doPayFx, submitGatewayFormFx } from '@/features/pay-order';
import { payMethodsFx } from '../api/pay-methods';
import {
  $amountError,
  $gateway,
  $methods,
  amountChanged,
  BuyCreditsGate,
  gatewayChosen,
  parsePoints,
  presetChosen,
  submitted,
} from './buy-credits';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

function setup(types: (1 | 2)[] = [1, 2]) {
  const doPay = vi.fn((params: DoPayRequest) =>
    params.type === 1
      ? { order_no: 'R1', type: 1, money: params.integral, html: '<form action="/sandbox/alipay/cashier"></form>', url: '' }
      : { order_no: 'R2', type: 2, money: params.integral, html: '', url: 'http://h/sandbox/wechat/scan?pr=abc' },
  );
  const submit = vi.fn();
  const navigate = vi.fn();
  const scope = fork({
    handlers: [
      [doPayFx, doPay],
      [submitGatewayFormFx, submit],
      [navigateFx, navigate],
      [payMethodsFx, () => ({ types })],
    ],
  });
  return { scope, doPay, submit, navigate };
}

describe('buy credits page model', () => {
  it('accepts whole points from 1 to 50000', () => {
    expect(parsePoints('1')).toBe(1);
    expect(parsePoints('50000')).toBe(50000);
    for (const bad of ['', '0', '50001', '1.5', '-3', 'abc']) expect(parsePoints(bad), bad).toBeNull();
  });

  it('Alipay: a preset, submit, and the returned form is submitted to the cashier', async () => {
    const { scope, doPay, submit, navigate } = setup();
    await allSettled(BuyCreditsGate.open, { scope, params: {} });
    await allSettled(presetChosen, { scope, params: 200 });
    await allSettled(submitted, { scope });
    expect(doPay).toHaveBeenCalledWith({ type: 1, integral: 200 });
    expect(submit).toHaveBeenCalledWith('<form action="/sandbox/alipay/cashier"></form>');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offers only the methods the deployment has, and chooses an offered one', async () => {
    const { scope, doPay } = setup([2]);
    await allSettled(BuyCreditsGate.open, { scope, params: {} });
    expect(scope.getState($methods)).toEqual([2]);
    expect(scope.getState($gateway)).toBe(2);
    await allSettled(submitted, { scope });
    expect(doPay).toHaveBeenCalledWith({ type: 2, integral: 100 });

    const none = setup([]);
    await allSettled(BuyCreditsGate.open, { scope: none.scope, params: {} });
    await allSettled(submitted, { scope: none.scope });
    expect(none.doPay).not.toHaveBeenCalled();
  });

  it('WeChat Pay: a typed amount goes to the QR page with url and money', async () => {
    const { scope, doPay, navigate } = setup();
    await allSettled(BuyCreditsGate.open, { scope, params: {} });
    await allSettled(amountChanged, { scope, params: '35' });
    await allSettled(gatewayChosen, { scope, params: 2 });
    await allSettled(submitted, { scope });
    expect(doPay).toHaveBeenCalledWith({ type: 2, integral: 35 });
    expect(navigate.mock.lastCall?.at(-1)).toEqual('/weChat/R2?url=http%3A%2F%2Fh%2Fsandbox%2Fwechat%2Fscan%3Fpr%3Dabc&money=35');
  });

  it('a bad amount shows the error and calls nothing', async () => {
    const { scope, doPay } = setup();
    await allSettled(BuyCreditsGate.open, { scope, params: {} });
    await allSettled(amountChanged, { scope, params: '0' });
    await allSettled(submitted, { scope });
    expect(scope.getState($amountError)).toBe(true);
    expect(doPay).not.toHaveBeenCalled();
    await allSettled(amountChanged, { scope, params: '10' });
    expect(scope.getState($amountError)).toBe(false);
  });
});
