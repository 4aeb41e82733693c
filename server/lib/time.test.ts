import { afterEach, describe, expect, it } from 'vitest';
import { chinaDay, chinaYearOf, DIGITS_FORMAT, formatChinaTime, parseChinaDay, parseChinaTime, rfc3339China, utcDay } from './time';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const at = (iso: string) => new Date(iso);

describe('server time: China time (UTC+8) whatever the machine zone', () => {
  it('writes YYYY-MM-DD HH:mm:ss across day, month and year ends from a UTC machine', () => {
    process.env.TZ = 'UTC';
    expect(formatChinaTime(at('2023-12-31T16:00:00Z'))).toBe('2024-01-01 00:00:00');
    expect(formatChinaTime(at('2023-12-31T15:59:59Z'))).toBe('2023-12-31 23:59:59');
    expect(formatChinaTime(at('2024-02-29T16:00:00Z'))).toBe('2024-03-01 00:00:00');
    expect(formatChinaTime(at('2024-04-30T16:00:00Z'))).toBe('2024-05-01 00:00:00');
    expect(chinaDay(at('2024-07-09T15:59:59Z'))).toBe('2024-07-09');
    expect(chinaDay(at('2024-07-09T16:00:00Z'))).toBe('2024-07-10');
  });

  it('answers the same in every machine zone, and +08:00 in summer and winter', () => {
    for (const tz of ['UTC', 'America/New_York', 'Europe/London', 'Asia/Shanghai', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      expect(formatChinaTime(at('2024-01-15T12:00:00Z'))).toBe('2024-01-15 20:00:00');
      expect(formatChinaTime(at('2024-07-15T12:00:00Z'))).toBe('2024-07-15 20:00:00');
      expect(rfc3339China(at('2024-03-10T07:30:00Z'))).toBe('2024-03-10T15:30:00+08:00');
      expect(rfc3339China(at('2024-10-27T01:30:05Z'))).toBe('2024-10-27T09:30:05+08:00');
    }
  });

  it('writes digits-only stamps and the UTC day', () => {
    expect(formatChinaTime(at('2024-12-31T16:05:06Z'), DIGITS_FORMAT)).toBe('20250101000506');
    expect(formatChinaTime(at('2024-12-31T16:05:06Z'), 'YYYYMMDD')).toBe('20250101');
    expect(utcDay(at('2024-12-31T16:05:06Z'))).toBe('2024-12-31');
  });

  it('finds the China calendar year of an instant', () => {
    process.env.TZ = 'UTC';
    expect(chinaYearOf(at('2023-12-31T16:00:00Z'))).toEqual({ start: at('2023-12-31T16:00:00Z'), end: at('2024-12-31T16:00:00Z') });
    expect(chinaYearOf(at('2023-12-31T15:59:59Z'))).toEqual({ start: at('2022-12-31T16:00:00Z'), end: at('2023-12-31T16:00:00Z') });
  });
});

describe('server time: parsing text written in China time', () => {
  it('reads a time and a day as China time, round-tripping with the formatter', () => {
    for (const tz of ['UTC', 'America/Los_Angeles']) {
      process.env.TZ = tz;
      expect(parseChinaTime('2024-01-01 00:00:00')).toEqual(at('2023-12-31T16:00:00Z'));
      expect(parseChinaDay('2024-03-01')).toEqual(at('2024-02-29T16:00:00Z'));
      expect(parseChinaDay('2025-01-01')).toEqual(at('2024-12-31T16:00:00Z'));
      expect(formatChinaTime(parseChinaTime('2024-06-30 23:59:59')!)).toBe('2024-06-30 23:59:59');
    }
  });

  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '2024-04-31', '2024-1-05', '2024/01/05', '2024-01-05T00:00:00Z', 'today', ''])(
    'refuses %j as a day',
    (text) => {
      expect(parseChinaDay(text)).toBeNull();
    },
  );

  it.each(['2024-01-05 24:00:00', '2024-01-05 23:60:00', '2024-01-05 12:00', '2024-01-05T12:00:00', '2024-02-30 00:00:00', 'now', ''])(
    'refuses %j as a time',
    (text) => {
      expect(parseChinaTime(text)).toBeNull();
    },
  );
});
