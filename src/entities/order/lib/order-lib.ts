import { PAY_TYPE, type Order } from '@contracts';

/** Spec section 4: an order may be invoiced when paid with money (not with points) and not invoiced yet or refused. */
export const isInvoiceEligible = (order: Order): boolean =>
  order.status === 2 && order.pay_type !== PAY_TYPE.points && (order.invoiceStatus === 0 || order.invoiceStatus === 3);

/** `/orders/makeOutInvoice?ids=[1,2]&money=12.5` (the invoice application page) for the chosen orders. */
export function makeOutInvoiceHref(orders: readonly Order[]): string {
  const ids = JSON.stringify(orders.map((o) => o.id));
  const money = Math.round(orders.reduce((sum, o) => sum + o.balance * 100, 0)) / 100;
  return `/orders/makeOutInvoice?ids=${encodeURIComponent(ids)}&money=${money}`;
}

/** `/weChat/{orderNo}?url=…&money=…`: the QR page of a WeChat Pay payment. */
export const weChatPayHref = (orderNo: string, url: string, money: number) =>
  `/weChat/${encodeURIComponent(orderNo)}?url=${encodeURIComponent(url)}&money=${money}`;
