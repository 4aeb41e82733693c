import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceApplication } from '@contracts';
import { dateRangeToEpoch } from '@/shared/lib/time';
import { navigateFx } from '@/shared/routing';
import { invoiceListFx } from '@/entities/invoice';
import {
  $count,
  $failed,
  $list,
  $page,
  $pages,
  $status,
  ApplicationsGate,
  pageChanged,
  rangeChanged,
  resetClicked,
  retryClicked,
  statusChanged,
} from './applications';
import { $tab, InvoiceCenterGate, tabChosen } from './center';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const application = (id: number): InvoiceApplication => ({
  id,
  order_no: `F2025010609000000000${id}`,
  create_time: '2025-01-06 09:00:00',
  money: 100,
  orderCount: 1,
  status: 1,
  head: '深圳市示例科技有限公司',
  type: 'ENTERPRISE_SPECIAL',
});

/** navigateFx is attached to the router store: its replaced handler gets (router, params). */
const navigatedTo = (navigate: { mock: { lastCall?: unknown[] } }) => navigate.mock.lastCall?.at(-1);

describe('invoice centre tabs', () => {
  it('opens tab 2 by ?activeName=2 and tab 1 otherwise; choosing a tab writes it into the address', async () => {
    const navigate = vi.fn();
    const scope = fork({ handlers: [[navigateFx, navigate]] });
    await allSettled(InvoiceCenterGate.open, { scope, params: { activeName: '2' } });
    expect(scope.getState($tab)).toBe('2');
    await allSettled(InvoiceCenterGate.close, { scope, params: { activeName: '2' } });
    await allSettled(InvoiceCenterGate.open, { scope, params: { activeName: 'x' } });
    expect(scope.getState($tab)).toBe('1');
    await allSettled(tabChosen, { scope, params: '2' });
    expect(navigatedTo(navigate)).toEqual({ to: '/invoice?activeName=2', replace: true });
    await allSettled(tabChosen, { scope, params: '1' });
    expect(navigatedTo(navigate)).toEqual({ to: '/invoice', replace: true });
    expect(scope.getState($tab)).toBe('1');
  });
});

describe('application list', () => {
  function setup(fails = false) {
    const list = vi.fn((_params: unknown) => {
      if (fails) throw new Error('offline');
      return { count: 12, list: [application(2), application(1)] };
    });
    return { scope: fork({ handlers: [[invoiceListFx, list]] }), list };
  }

  it('asks for page 1 of every status when opened, then follows the status, page and date filters', async () => {
    const { scope, list } = setup();
    await allSettled(ApplicationsGate.open, { scope, params: {} });
    expect(list).toHaveBeenLastCalledWith({ page: 1, status: 0 });
    expect(scope.getState($list).map((a) => a.id)).toEqual([2, 1]);
    expect(scope.getState($count)).toBe(12);
    expect(scope.getState($pages)).toBe(2);
    await allSettled(pageChanged, { scope, params: 2 });
    expect(list).toHaveBeenLastCalledWith({ page: 2, status: 0 });
    // A filter starts again from page 1.
    await allSettled(statusChanged, { scope, params: 4 });
    expect(scope.getState($page)).toBe(1);
    expect(list).toHaveBeenLastCalledWith({ page: 1, status: 4 });
    const calls = list.mock.calls.length;
    // One chosen day is no range yet; both days are, to the end of the last day.
    await allSettled(rangeChanged, { scope, params: [new Date(2025, 0, 6), null] });
    expect(list.mock.calls.length).toBe(calls);
    const range: [Date, Date] = [new Date(2025, 0, 6), new Date(2025, 0, 6)];
    await allSettled(rangeChanged, { scope, params: range });
    expect(list).toHaveBeenLastCalledWith({ page: 1, status: 4, ...dateRangeToEpoch(range) });
    await allSettled(resetClicked, { scope });
    expect(scope.getState($status)).toBe(0);
    expect(list).toHaveBeenLastCalledWith({ page: 1, status: 0 });
  });

  it('shows an empty list and the error state when the call fails; retry asks again', async () => {
    const { scope, list } = setup(true);
    await allSettled(ApplicationsGate.open, { scope, params: {} });
    expect(scope.getState($list)).toEqual([]);
    expect(scope.getState($failed)).toBe(true);
    await allSettled(retryClicked, { scope });
    expect(list).toHaveBeenCalledTimes(2);
  });
});
