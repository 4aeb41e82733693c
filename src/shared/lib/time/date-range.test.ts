import { describe, expect, it } from 'vitest';
import { dateRangeToEpoch, DAY_SECONDS, startOfDaySeconds } from './date-range';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const secs = (date: Date) => Math.floor(date.getTime() / 1000);

describe('dateRangeToEpoch (spec section 5)', () => {
  it('ends at the start of the chosen end day plus 86400 minus 1 seconds', () => {
    const range = dateRangeToEpoch([local(2024, 3, 1), local(2024, 3, 10)]);
    expect(range).toEqual({ startTime: secs(local(2024, 3, 1)), endTime: secs(local(2024, 3, 10)) + 86400 - 1 });
  });

  it('makes a single-day range that whole day', () => {
    const day = local(2024, 5, 20);
    const range = dateRangeToEpoch([day, day]);
    expect(range).toEqual({ startTime: secs(day), endTime: secs(day) + DAY_SECONDS - 1 });
    expect(range!.endTime - range!.startTime).toBe(86399);
  });

  it('counts from midnight whatever time of day the picker gives', () => {
    const range = dateRangeToEpoch([local(2024, 5, 20, 15, 30), local(2024, 5, 20, 9, 5)]);
    expect(range).toEqual({ startTime: secs(local(2024, 5, 20)), endTime: secs(local(2024, 5, 21)) - 1 });
  });

  it('puts reversed picks in order', () => {
    expect(dateRangeToEpoch([local(2024, 1, 9), local(2024, 1, 2)])).toEqual(dateRangeToEpoch([local(2024, 1, 2), local(2024, 1, 9)]));
  });

  it('has no range without both ends', () => {
    expect(dateRangeToEpoch(null)).toBeNull();
    expect(dateRangeToEpoch([local(2024, 1, 2), null])).toBeNull();
    expect(dateRangeToEpoch([undefined, local(2024, 1, 2)])).toBeNull();
    expect(dateRangeToEpoch([new Date(Number.NaN), local(2024, 1, 2)])).toBeNull();
  });

  it('startOfDaySeconds is local midnight', () => {
    expect(startOfDaySeconds(local(2023, 12, 31, 23, 59))).toBe(secs(local(2023, 12, 31)));
  });
});
