import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { orderDetailFx, orderSearchFx } from '../api/search';
import { $openOrderNo, drafts, orderClosed, orderList, orderOpened, OrderSearchGate, typeChanged } from './search';

describe('order and payment search model', () => {
  it('searches by number, phone, type and days; opens one order with its gateway records', async () => {
    const search = vi.fn(() => ({ count: 0, list: [] }));
    const detail = vi.fn((orderNo: string) => ({ order: { orderNo }, events: [], notaryOrderNo: '' }));
    const scope = fork({
      handlers: [
        [orderSearchFx, search],
        [orderDetailFx, detail],
      ],
    });
    await allSettled(OrderSearchGate.open, { scope, params: {} });
    expect(search).toHaveBeenLastCalledWith({ page: 1, type: 0, status: 0, orderNo: '', phone: '' });
    await allSettled(typeChanged, { scope, params: 3 });
    await allSettled(drafts.draftChanged, { scope, params: { phone: '13900000000' } });
    await allSettled(drafts.draftsSubmitted, { scope });
    await allSettled(orderList.rangeChanged, { scope, params: [new Date(2025, 0, 6), new Date(2025, 0, 7)] });
    // China midnight of the picked day (the time zone of record), whatever the test machine's zone.
    const start = Date.parse('2025-01-06T00:00:00+08:00') / 1000;
    expect(search).toHaveBeenLastCalledWith({
      page: 1,
      type: 3,
      status: 0,
      orderNo: '',
      phone: '13900000000',
      startTime: start,
      endTime: start + 2 * 86400 - 1,
    });

    await allSettled(orderOpened, { scope, params: 'R1' });
    expect(detail).toHaveBeenCalledWith('R1');
    expect(scope.getState($openOrderNo)).toBe('R1');
    await allSettled(orderClosed, { scope });
    expect(scope.getState($openOrderNo)).toBe('');
  });
});
