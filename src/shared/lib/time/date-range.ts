import { CHINA_TIME_ZONE, DATE_FORMAT, dayjs } from '@formats';

/** One day in seconds (spec section 9: the date filter end is start + 86400 - 1). */
export const DAY_SECONDS = 86_400;

export type EpochRange = { startTime: number; endTime: number };

/** The calendar day a date picker shows for `date` (the browser's year, month and day), as `YYYY-MM-DD`. */
export const formatPickedDay = (date: Date): string => dayjs(date).format(DATE_FORMAT);

/** A date input's `YYYY-MM-DD` value as the picker's Date for it (the browser's midnight); null when not a real day. */
export function parsePickedDay(text: string): Date | null {
  const day = dayjs(text, DATE_FORMAT, true);
  return day.isValid() ? day.toDate() : null;
}

/**
 * The start of the calendar day a date picker shows for `date` (its year, month and day in the browser), taken
 * as that day in China time, in epoch seconds: a day picked in any time zone means the same China day the
 * server counts in.
 */
export function startOfDaySeconds(date: Date): number {
  return dayjs.tz(formatPickedDay(date), DATE_FORMAT, CHINA_TIME_ZONE).unix();
}

/**
 * The date filter of spec section 5: from the start of the first chosen day to the end of the last one,
 * that is the start of the end day plus 86400 minus 1 seconds (China has no daylight saving: every day is
 * 86400 seconds). A single-day range (the same day twice) is that whole day; reversed picks are put in order.
 * Without both ends there is no range (the filter is left out).
 */
export function dateRangeToEpoch(range: readonly [Date | null | undefined, Date | null | undefined] | null | undefined): EpochRange | null {
  const [from, to] = range ?? [];
  if (!from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  const a = startOfDaySeconds(from);
  const b = startOfDaySeconds(to);
  const [first, last] = a <= b ? [a, b] : [b, a];
  return { startTime: first, endTime: last + DAY_SECONDS - 1 };
}
