import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dateRangeToEpoch, DAY_SECONDS, formatPickedDay, parsePickedDay, startOfDaySeconds } from './date-range';

const originalTz = process.env.TZ;
beforeEach(() => {
  // A browser whose clock is not in China: the filter still means China days.
  process.env.TZ = 'UTC';
});
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

/** A day as a date picker gives it: the browser's local midnight (or any time) of that calendar day. */
const picked = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
/** China midnight of a calendar day, in epoch seconds. */
const chinaMidnight = (iso: string) => Date.parse(`${iso}T00:00:00+08:00`) / 1000;

describe('dateRangeToEpoch (spec section 5)', () => {
  it('runs from China midnight of the first day to the start of the end day plus 86400 minus 1 seconds', () => {
    const range = dateRangeToEpoch([picked(2024, 3, 1), picked(2024, 3, 10)]);
    expect(range).toEqual({ startTime: chinaMidnight('2024-03-01'), endTime: chinaMidnight('2024-03-10') + 86400 - 1 });
  });

  it('makes a single-day range that whole day', () => {
    const day = picked(2024, 5, 20);
    const range = dateRangeToEpoch([day, day]);
    expect(range).toEqual({ startTime: chinaMidnight('2024-05-20'), endTime: chinaMidnight('2024-05-20') + DAY_SECONDS - 1 });
    expect(range!.endTime - range!.startTime).toBe(86399);
  });

  it('counts from China midnight whatever time of day the picker gives', () => {
    const range = dateRangeToEpoch([picked(2024, 5, 20, 15, 30), picked(2024, 5, 20, 9, 5)]);
    expect(range).toEqual({ startTime: chinaMidnight('2024-05-20'), endTime: chinaMidnight('2024-05-21') - 1 });
  });

  it('ends a month and a leap February on their last second', () => {
    expect(dateRangeToEpoch([picked(2024, 2, 1), picked(2024, 2, 29)])!.endTime).toBe(chinaMidnight('2024-03-01') - 1);
    expect(dateRangeToEpoch([picked(2024, 12, 1), picked(2024, 12, 31)])!.endTime).toBe(chinaMidnight('2025-01-01') - 1);
  });

  it('means the same China days in every browser time zone', () => {
    const ranges = ['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati'].map((tz) => {
      process.env.TZ = tz;
      return dateRangeToEpoch([picked(2024, 3, 10), picked(2024, 3, 10)]);
    });
    for (const range of ranges) expect(range).toEqual({ startTime: chinaMidnight('2024-03-10'), endTime: chinaMidnight('2024-03-11') - 1 });
  });

  it('puts reversed picks in order', () => {
    expect(dateRangeToEpoch([picked(2024, 1, 9), picked(2024, 1, 2)])).toEqual(dateRangeToEpoch([picked(2024, 1, 2), picked(2024, 1, 9)]));
  });

  it('has no range without both ends', () => {
    expect(dateRangeToEpoch(null)).toBeNull();
    expect(dateRangeToEpoch([picked(2024, 1, 2), null])).toBeNull();
    expect(dateRangeToEpoch([undefined, picked(2024, 1, 2)])).toBeNull();
    expect(dateRangeToEpoch([new Date(Number.NaN), picked(2024, 1, 2)])).toBeNull();
  });

  it('startOfDaySeconds is China midnight of the picked day', () => {
    expect(startOfDaySeconds(picked(2023, 12, 31, 23, 59))).toBe(chinaMidnight('2023-12-31'));
  });
});

describe('the picked day of a date input', () => {
  it('writes and reads YYYY-MM-DD as the browser calendar day', () => {
    expect(formatPickedDay(picked(2024, 2, 29, 23, 59))).toBe('2024-02-29');
    expect(parsePickedDay('2024-02-29')).toEqual(picked(2024, 2, 29));
  });

  it.each(['2024-02-30', '2023-02-29', '2024-1-5', '', '2024-01-05T00:00'])('refuses %j', (text) => {
    expect(parsePickedDay(text)).toBeNull();
  });
});
