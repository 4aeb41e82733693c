import { afterEach, describe, expect, it } from 'vitest';
import { formatChinaDate, formatChinaTime, parseChinaDate, parseChinaTime } from './china-time';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const PROCESS_ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati'];

describe('formatChinaTime (China time, YYYY-MM-DD HH:mm:ss)', () => {
  it.each([
    ['2024-03-05T01:02:03.456Z', '2024-03-05 09:02:03'],
    // Crossing midnight, month and year in China while it is still the previous day in UTC.
    ['2023-12-31T16:00:00Z', '2024-01-01 00:00:00'],
    ['2024-02-28T20:30:59Z', '2024-02-29 04:30:59'],
    ['2023-02-28T16:00:00Z', '2023-03-01 00:00:00'],
    ['2024-04-30T15:59:59Z', '2024-04-30 23:59:59'],
    ['2024-04-30T16:00:00Z', '2024-05-01 00:00:00'],
    // An instant written with another offset is the same instant.
    ['2024-06-01T08:15:00-05:00', '2024-06-01 21:15:00'],
    ['2024-06-01T08:15:00+08:00', '2024-06-01 08:15:00'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatChinaTime(iso)).toBe(expected);
  });

  it('answers the same in every process time zone', () => {
    const answers = PROCESS_ZONES.map((tz) => {
      process.env.TZ = tz;
      return [
        formatChinaTime('2023-12-31T16:00:00Z'),
        formatChinaTime(Date.UTC(2023, 11, 31, 16)),
        formatChinaTime(new Date('2023-12-31T16:00:00Z')),
        formatChinaTime('2024-01-01 00:00:00'),
      ];
    });
    for (const answer of answers) expect(answer).toEqual(Array(4).fill('2024-01-01 00:00:00'));
  });

  it('is UTC+8 all year: no daylight saving in summer or winter', () => {
    process.env.TZ = 'UTC';
    expect(formatChinaTime('2024-01-15T12:00:00Z')).toBe('2024-01-15 20:00:00');
    expect(formatChinaTime('2024-07-15T12:00:00Z')).toBe('2024-07-15 20:00:00');
    // The days the USA and Europe change their clocks change nothing in China.
    expect(formatChinaTime('2024-03-10T10:00:00Z')).toBe('2024-03-10 18:00:00');
    expect(formatChinaTime('2024-10-27T01:30:00Z')).toBe('2024-10-27 09:30:00');
  });

  it('keeps a time already written the product way (the server writes China time)', () => {
    expect(formatChinaTime('2024-01-02 03:04:05')).toBe('2024-01-02 03:04:05');
  });

  it('writes another format when asked, still China time', () => {
    expect(formatChinaTime('2024-03-05T01:02:03Z', 'YYYY/M/D HH:mm:ss')).toBe('2024/3/5 09:02:03');
  });

  it('gives back what it cannot read', () => {
    expect(formatChinaTime('not a time')).toBe('not a time');
    expect(formatChinaTime(Number.NaN)).toBe('NaN');
    expect(formatChinaDate('')).toBe('');
  });

  it('formatChinaDate is the China calendar day', () => {
    process.env.TZ = 'UTC';
    expect(formatChinaDate('2024-07-09T17:00:00Z')).toBe('2024-07-10');
    expect(formatChinaDate('2024-07-09T15:59:59Z')).toBe('2024-07-09');
    expect(formatChinaDate('2025-03-01 09:30:00')).toBe('2025-03-01');
  });
});

describe('parseChinaTime and parseChinaDate (text written in China time)', () => {
  it('reads YYYY-MM-DD HH:mm:ss as China time, in every process time zone', () => {
    for (const tz of PROCESS_ZONES) {
      process.env.TZ = tz;
      expect(parseChinaTime('2024-01-01 00:00:00')?.toISOString()).toBe('2023-12-31T16:00:00.000Z');
      expect(parseChinaTime(' 2024-02-29 23:59:59 ')?.toISOString()).toBe('2024-02-29T15:59:59.000Z');
    }
  });

  it('reads a day as its China midnight, month and year ends included', () => {
    process.env.TZ = 'UTC';
    expect(parseChinaDate('2024-03-01')?.toISOString()).toBe('2024-02-29T16:00:00.000Z');
    expect(parseChinaDate('2024-12-31')?.toISOString()).toBe('2024-12-30T16:00:00.000Z');
    expect(parseChinaDate('2025-01-01')?.toISOString()).toBe('2024-12-31T16:00:00.000Z');
  });

  it('round-trips with formatChinaTime', () => {
    const text = '2024-06-30 23:59:59';
    expect(formatChinaTime(parseChinaTime(text)!)).toBe(text);
  });

  it.each([
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-04-31',
    '2024-1-5',
    '24-01-05',
    '2024/01/05',
    '2024-01-05T00:00:00Z',
    'tomorrow',
    '',
  ])('refuses %j as a day', (text) => {
    expect(parseChinaDate(text)).toBeNull();
  });

  it.each(['2024-01-05 24:00:00', '2024-01-05 23:60:00', '2024-01-05 12:00', '2024-01-05T12:00:00', '2024-02-30 00:00:00', 'now'])(
    'refuses %j as a time',
    (text) => {
      expect(parseChinaTime(text)).toBeNull();
    },
  );
});
