import { describe, expect, it } from 'vitest';
import { formatAmount } from './amount';

describe('formatAmount (points: thousands separators, two decimals)', () => {
  it.each([
    [0, '0.00'],
    [5, '5.00'],
    [1234.5, '1,234.50'],
    [1234567.891, '1,234,567.89'],
    [999.999, '1,000.00'],
    ['2500', '2,500.00'],
    [-1500.5, '-1,500.50'],
    [null, '0.00'],
    [Number.NaN, '0.00'],
  ])('%s -> %s', (value, expected) => {
    expect(formatAmount(value as number)).toBe(expected);
  });
});
