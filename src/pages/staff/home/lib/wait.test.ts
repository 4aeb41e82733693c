import { describe, expect, it } from 'vitest';
import { byDesk, waitParts } from './wait';

describe('the home page: how long the oldest has waited', () => {
  it('days and hours past a day, hours and minutes past an hour, minutes, or moments', () => {
    expect(waitParts(0)).toMatchObject({ key: 'moments' });
    expect(waitParts(59)).toMatchObject({ key: 'moments' });
    expect(waitParts(60)).toMatchObject({ key: 'minutes', minutes: 1 });
    expect(waitParts(3599)).toMatchObject({ key: 'minutes', minutes: 59 });
    expect(waitParts(3600 + 120)).toMatchObject({ key: 'hours', hours: 1, minutes: 2 });
    expect(waitParts(86_400 * 3 + 3600 * 5 + 59)).toMatchObject({ key: 'days', days: 3, hours: 5 });
    expect(waitParts(-10)).toMatchObject({ key: 'moments' });
  });

  it('groups the queues by desk in the order they come', () => {
    const q = (queue: 'verification' | 'notaryWaiting' | 'notaryTransfer' | 'invoices') => ({ queue });
    expect(
      byDesk([q('verification'), q('notaryWaiting'), q('notaryTransfer'), q('invoices')]).map((g) => [g.desk, g.queues.length]),
    ).toEqual([
      ['verification', 1],
      ['notary', 2],
      ['invoices', 1],
    ]);
  });
});
