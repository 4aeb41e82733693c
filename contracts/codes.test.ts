import { describe, expect, it } from 'vitest';
import { codes } from './common';

describe('codes', () => {
  it('accepts exactly the codes given, as numbers', () => {
    const state = codes(0, 1, 2);
    expect([0, 1, 2].map((value) => state.safeParse(value).success)).toEqual([true, true, true]);
    for (const value of [3, -1, 1.5, '1', null, undefined, 'c1', Number.NaN])
      expect(state.safeParse(value).success, String(value)).toBe(false);
    expect(codes(1, 5).nullable().parse(null)).toBeNull();
    expect(codes(0, 1).default(0).parse(undefined)).toBe(0);
  });
});
