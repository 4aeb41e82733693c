/** One day in seconds (spec section 9: the date filter end is start + 86400 - 1). */
export const DAY_SECONDS = 86_400;

export type EpochRange = { startTime: number; endTime: number };

/** Local midnight of the day `date` falls on, in epoch seconds. */
export function startOfDaySeconds(date: Date): number {
  const midnight = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.floor(midnight.getTime() / 1000);
}

/**
 * The date filter of spec section 5: from the start of the first chosen day to the end of the last one,
 * that is the start of the end day plus 86400 minus 1 seconds. A single-day range (the same day twice)
 * is that whole day. Days are the browser's local days; reversed picks are put in order.
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
