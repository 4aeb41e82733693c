import { describe, expect, it } from 'vitest';
import { invoiceDetailsPath, makeOutInvoicePath, parseOrderIds } from './invoice-lib';

describe('invoice links', () => {
  it('reads the order ids of the application page in either form', () => {
    expect(parseOrderIds('[3,1]')).toEqual([3, 1]);
    expect(parseOrderIds('3, 1,3')).toEqual([3, 1]);
    expect(parseOrderIds('')).toEqual([]);
    expect(parseOrderIds(null)).toEqual([]);
    expect(parseOrderIds('[1,x]')).toEqual([]);
    expect(parseOrderIds('[0]')).toEqual([]);
    expect(parseOrderIds('[1.5]')).toEqual([]);
  });

  it('writes the application and details links the pages read back', () => {
    const path = makeOutInvoicePath([4, 9], 120.456);
    expect(path).toBe('/orders/makeOutInvoice?ids=%5B4%2C9%5D&money=120.46');
    expect(parseOrderIds(new URL(path, 'http://x').searchParams.get('ids'))).toEqual([4, 9]);
    expect(invoiceDetailsPath(7)).toBe('/invoice/details?id=7');
  });
});
