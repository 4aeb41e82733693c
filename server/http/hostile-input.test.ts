import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { containsNul, containsUnsafeNumber, isDataException } from './hostile-input';

describe('hostile input guards', () => {
  it('finds NUL characters in strings, keys, arrays and null-prototype objects, not in streams or buffers', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ a: ['x', { b: '\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 'v' })).toBe(true);
    const query = Object.create(null) as Record<string, string>;
    query.baoquan = 'BQ\u0000';
    expect(containsNul(query)).toBe(true);
    expect(containsNul({ a: 'plain', b: ['text', 1, null] })).toBe(false);
    expect(containsNul(Buffer.from([0, 0]))).toBe(false);
    expect(containsNul(Readable.from(['\u0000']))).toBe(false);
  });

  it('finds numbers beyond the safe integer range anywhere in parsed input', () => {
    // 2^63: what the literal 9223372036854775807 (PostgreSQL's bigint maximum) becomes in a double.
    expect(containsUnsafeNumber({ id: 2 ** 63 })).toBe(true);
    expect(containsUnsafeNumber({ ids: [1, Number.POSITIVE_INFINITY] })).toBe(true);
    expect(containsUnsafeNumber({ when: new Date(Number.NaN) })).toBe(true);
    expect(containsUnsafeNumber({ id: Number.MAX_SAFE_INTEGER, x: 1.5, page: -3 })).toBe(false);
  });

  it('recognises PostgreSQL data exceptions (class 22) only', () => {
    expect(isDataException({ code: '22003' })).toBe(true);
    expect(isDataException({ code: '22P02' })).toBe(true);
    expect(isDataException({ code: '23505' })).toBe(false);
    expect(isDataException({ code: 'FST_ERR_BAD_URL' })).toBe(false);
    expect(isDataException(null)).toBe(false);
  });
});
