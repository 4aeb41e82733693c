import { describe, expect, it } from 'vitest';
import { capCount } from './number';

describe('capCount (badge capped at 99)', () => {
  it.each([
    [0, 0, false],
    [7, 7, false],
    [99, 99, false],
    [100, 99, true],
    [5000, 99, true],
    [-3, 0, false],
  ])('%s -> %s (overflow %s)', (value, count, overflow) => {
    expect(capCount(value)).toEqual({ count, overflow });
  });
});
