import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, requestFx, type RequestConfig } from '@/shared/api';
import { type NotaryRow } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { $flags } from '@/features/apply-notary';
import {
  $count,
  $failed,
  $list,
  $page,
  continueClicked,
  endClicked,
  NotaryListGate,
  notarialTypeChanged,
  orderNoChanged,
  orderNoSubmitted,
  pageChanged,
  payTypeChanged,
  rangeChanged,
  resetClicked,
} from './notary-list';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({
  translate: (key: string, values?: Record<string, unknown>) => (values ? `${key}:${JSON.stringify(values)}` : key),
}));

const row = (id: number, patch: Partial<NotaryRow> = {}): NotaryRow => ({
  id,
  type: 1,
  orderNo: `N${id}`,
  addTime: '2025-01-06 09:00:00',
  number: 2,
  step: 2,
  money: 40,
  pay: '待支付',
  notarial: '',
  addOrder: 0,
  payCode: 1,
  payMethod: 0,
  notarialCode: 0,
  proOrderNo: '',
  ...patch,
});

function setup(options: { confirm?: boolean; fail?: boolean } = {}) {
  const calls: RequestConfig[] = [];
  const toast = vi.fn();
  const navigate = vi.fn();
  const confirm = vi.fn((_params: unknown) => options.confirm ?? true);
  const scope = fork({
    handlers: [
      [
        requestFx,
        (_: unknown, { config }: { config: RequestConfig }) => {
          calls.push(config);
          if (config.path === '/Evidences/stop') return { orderId: 3, msg: 'closed-by-server' };
          if (options.fail) throw new ApiError({ code: 500, message: 'boom' });
          return { count: 23, list: [row(3), row(4, { notarialCode: 1, payCode: 2 })] };
        },
      ],
      [showToastFx, toast],
      [showConfirmFx, confirm],
      [navigateFx, (_: unknown, params: unknown) => navigate(params)],
    ],
  });
  const listCalls = () => calls.filter((c) => c.path === '/notary/list').map((c) => c.query);
  return { scope, calls, toast, navigate, confirm, listCalls };
}

describe('notary list model (spec sections 2, 4, 7)', () => {
  it('loads page 1 and applies each filter from page 1 again (payment 0-2, notarisation 0-4, order number on submit, dates to the end of day)', async () => {
    const { scope, listCalls } = setup();
    await allSettled(NotaryListGate.open, { scope, params: {} });
    expect(listCalls()).toEqual([{ page: 1, payType: 0, notarialType: 0 }]);
    expect(scope.getState($list)).toHaveLength(2);
    expect(scope.getState($count)).toBe(23);
    await allSettled(pageChanged, { scope, params: 3 });
    expect(listCalls().at(-1)).toMatchObject({ page: 3 });
    await allSettled(payTypeChanged, { scope, params: 2 });
    expect(listCalls().at(-1)).toEqual({ page: 1, payType: 2, notarialType: 0 });
    await allSettled(notarialTypeChanged, { scope, params: 3 });
    await allSettled(orderNoChanged, { scope, params: ' N2025 ' });
    expect(listCalls().at(-1)).not.toHaveProperty('orderNo');
    await allSettled(orderNoSubmitted, { scope });
    expect(listCalls().at(-1)).toEqual({ page: 1, payType: 2, notarialType: 3, orderNo: 'N2025' });
    const day = new Date(2025, 0, 6);
    await allSettled(rangeChanged, { scope, params: [day, day] });
    // China midnight of the picked day (the time zone of record), whatever the test machine's zone.
    const start = Date.parse('2025-01-06T00:00:00+08:00') / 1000;
    expect(listCalls().at(-1)).toMatchObject({ startTime: start, endTime: start + 86399 });
    await allSettled(resetClicked, { scope });
    expect(listCalls().at(-1)).toEqual({ page: 1, payType: 0, notarialType: 0 });
    expect(scope.getState($page)).toBe(1);
  });

  it('ends an order after the confirmation, shows the server message and reloads', async () => {
    const { scope, calls, toast, confirm, listCalls } = setup();
    await allSettled(NotaryListGate.open, { scope, params: {} });
    await allSettled(endClicked, { scope, params: row(3) });
    expect(confirm.mock.calls[0]?.[0]).toMatchObject({
      content: 'notary:list.endConfirm:{"orderNo":"N3"}',
      okText: 'notary:list.endYes',
      danger: true,
    });
    expect(calls.find((c) => c.path === '/Evidences/stop')?.body).toEqual({ orderId: 3 });
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'closed-by-server' });
    expect(listCalls()).toHaveLength(2);
  });

  it('does nothing when the confirmation is declined', async () => {
    const { scope, calls } = setup({ confirm: false });
    await allSettled(NotaryListGate.open, { scope, params: {} });
    await allSettled(endClicked, { scope, params: row(3) });
    expect(calls.filter((c) => c.path === '/Evidences/stop')).toHaveLength(0);
  });

  it('continues an order at its step with the flags reset', async () => {
    const { scope, navigate } = setup();
    await allSettled(continueClicked, { scope, params: row(3, { step: 3, addOrder: 0 }) });
    expect(scope.getState($flags)).toMatchObject({ signTure: true, disabledDecode: false, payment: false });
    expect(navigate).toHaveBeenCalledWith('/attestation-all/data/readingMaterial/deCode/3/1?addOrder=0');
  });

  it('shows an empty list when the call fails', async () => {
    const { scope } = setup({ fail: true });
    await allSettled(NotaryListGate.open, { scope, params: {} });
    expect(scope.getState($list)).toEqual([]);
    expect(scope.getState($failed)).toBe(true);
  });
});
