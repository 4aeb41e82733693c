import { describe, expect, it } from 'vitest';
import type { Order } from '@contracts';
import { isInvoiceEligible, makeOutInvoiceHref, weChatPayHref } from './order-lib';

const order = (patch: Partial<Order>): Order => ({
  id: 1,
  order_no: 'R1',
  type: 1,
  create_time: '',
  expire_time: '',
  desc: '',
  balance: 10,
  status: 2,
  pay_status: '',
  pay_type: 2,
  payType: '',
  isApp: 0,
  invoiceStatus: 0,
  ...patch,
});

describe('order rules', () => {
  it('invoices paid money orders not invoiced yet or refused', () => {
    expect(isInvoiceEligible(order({}))).toBe(true);
    expect(isInvoiceEligible(order({ invoiceStatus: 3 }))).toBe(true);
    expect(isInvoiceEligible(order({ invoiceStatus: 1 }))).toBe(false);
    expect(isInvoiceEligible(order({ invoiceStatus: 2 }))).toBe(false);
    expect(isInvoiceEligible(order({ pay_type: 1 }))).toBe(false);
    expect(isInvoiceEligible(order({ status: 1 }))).toBe(false);
  });

  it('builds the invoice and WeChat links', () => {
    expect(makeOutInvoiceHref([order({ id: 3, balance: 10.1 }), order({ id: 7, balance: 0.2 })])).toBe(
      '/orders/makeOutInvoice?ids=%5B3%2C7%5D&money=10.3',
    );
    expect(weChatPayHref('R9', 'http://x/sandbox/wechat/scan?pr=a&b', 5)).toBe(
      '/weChat/R9?url=http%3A%2F%2Fx%2Fsandbox%2Fwechat%2Fscan%3Fpr%3Da%26b&money=5',
    );
  });
});
