import { afterEach, describe, expect, it } from 'vitest';
import { formatChinaDate, formatChinaTime } from './china-time';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('formatChinaTime (China time, YYYY-MM-DD HH:mm:ss)', () => {
  it.each([
    ['2024-03-05T01:02:03.456Z', '2024-03-05 09:02:03'],
    // Crossing midnight, month and year in China while it is still the previous day in UTC.
    ['2023-12-31T16:00:00Z', '2024-01-01 00:00:00'],
    ['2024-02-28T20:30:59Z', '2024-02-29 04:30:59'],
    // An instant written with another offset is the same instant.
    ['2024-06-01T08:15:00-05:00', '2024-06-01 21:15:00'],
    ['2024-06-01T08:15:00+08:00', '2024-06-01 08:15:00'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatChinaTime(iso)).toBe(expected);
  });

  it('answers the same in every process time zone', () => {
    const answers = ['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati'].map((tz) => {
      process.env.TZ = tz;
      return [
        formatChinaTime('2023-12-31T16:00:00Z'),
        formatChinaTime(Date.UTC(2023, 11, 31, 16)),
        formatChinaTime(new Date('2023-12-31T16:00:00Z')),
      ];
    });
    for (const answer of answers) expect(answer).toEqual(['2024-01-01 00:00:00', '2024-01-01 00:00:00', '2024-01-01 00:00:00']);
  });

  it('keeps a time already written the product way (the server writes China time)', () => {
    expect(formatChinaTime('2024-01-02 03:04:05')).toBe('2024-01-02 03:04:05');
  });

  it('gives back what it cannot read', () => {
    expect(formatChinaTime('not a time')).toBe('not a time');
    expect(formatChinaTime(Number.NaN)).toBe('NaN');
  });

  it('formatChinaDate is the China calendar day', () => {
    expect(formatChinaDate('2024-07-09T17:00:00Z')).toBe('2024-07-10');
    expect(formatChinaDate('2024-07-09T15:59:59Z')).toBe('2024-07-09');
  });
});
