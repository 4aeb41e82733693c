import type { TestApp } from './create-test-app';

/**
 * What a payment test reads back after a gateway call: the user's points (through the API), the points ledger rows
 * and the gateway audit rows (`gateway_events`) of one order.
 */
export function paymentRecords(t: () => TestApp) {
  return {
    points: async (token: string) => (await t().post<{ points: number }>('/api/user/getUserInfo', {}, token)).body.data.points,
    ledger: (orderNo: string) => t().db.selectFrom('points_ledger').selectAll().where('order_no', '=', orderNo).execute(),
    events: (orderNo: string) =>
      t()
        .db.selectFrom('gateway_events')
        .select(['provider', 'kind', 'verdict', 'body'])
        .where('order_no', '=', orderNo)
        .orderBy('id')
        .execute(),
  };
}
