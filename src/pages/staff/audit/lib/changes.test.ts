import { describe, expect, it } from 'vitest';
import { changeRows, valueText } from './changes';

const words = {
  empty: '(empty)',
  yes: 'yes',
  no: 'no',
  separator: '、',
  named: (key: string, value: string) =>
    key === 'role' && value === 'admin' ? 'Administrator' : key === 'status' && value === '3' ? 'Issued' : null,
};

describe('audit changes', () => {
  it('lists changed fields first, then the unchanged ones, in their order', () => {
    const rows = changeRows({ name: 'A', role: 'notary', disabled: false }, { name: 'A', role: 'finance', disabled: true });
    expect(rows.map((row) => [row.key, row.changed])).toEqual([
      ['role', true],
      ['disabled', true],
      ['name', false],
    ]);
  });

  it('counts every field as changed when one side is missing (a creation, a view)', () => {
    expect(changeRows(null, { username: 'li', name: 'Li' })).toEqual([
      { key: 'username', before: undefined, after: 'li', changed: true },
      { key: 'name', before: undefined, after: 'Li', changed: true },
    ]);
    expect(changeRows(null, null)).toEqual([]);
  });

  it('words values: booleans, empties, coded values, China time, lists, objects', () => {
    expect(valueText('disabled', true, words)).toBe('yes');
    expect(valueText('disabled', false, words)).toBe('no');
    expect(valueText('lockedUntil', null, words)).toBe('(empty)');
    expect(valueText('reason', '', words)).toBe('(empty)');
    expect(valueText('role', 'admin', words)).toBe('Administrator');
    expect(valueText('role', 'other', words)).toBe('other');
    expect(valueText('lockedUntil', '2025-01-06T01:02:03.000Z', words)).toBe('2025-01-06 09:02:03');
    expect(valueText('images', ['front', 'back'], words)).toBe('front、back');
    expect(valueText('images', [], words)).toBe('(empty)');
    expect(valueText('count', 3, words)).toBe('3');
    expect(valueText('status', 3, words)).toBe('Issued');
    expect(valueText('how', { method: 'totp' }, words)).toBe('{"method":"totp"}');
  });
});
