import { describe, expect, it } from 'vitest';
import { notaryAccessOf } from './notary-access';

const user = (userStatus: number, status: number, authType: number, repairType: number) => ({
  userStatus: userStatus as 1 | 2 | 3 | 4,
  status: status as 1 | 2,
  authType,
  repairType,
});

describe('notaryAccessOf', () => {
  it('refuses anyone not verified', () => {
    expect(notaryAccessOf(null)).toBe('notVerified');
    for (const s of [1, 2, 4]) expect(notaryAccessOf(user(s, 1, 1, 0))).toBe('notVerified');
    expect(notaryAccessOf(user(2, 2, 0, 0))).toBe('notVerified');
  });
  it('opens to verified organisations and document-verified individuals', () => {
    expect(notaryAccessOf(user(3, 2, 0, 0))).toBe('allowed');
    expect(notaryAccessOf(user(3, 1, 1, 0))).toBe('allowed');
  });
  it('asks a face-verified individual for the supplement until it passed (repairType 3)', () => {
    for (const r of [0, 1, 2, 4]) expect(notaryAccessOf(user(3, 1, 3, r))).toBe('needsSupplement');
    expect(notaryAccessOf(user(3, 1, 3, 3))).toBe('allowed');
  });
});
