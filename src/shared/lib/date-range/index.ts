export { DAY_SECONDS, dateRangeToEpoch, startOfDaySeconds } from './date-range';
export type { EpochRange } from './date-range';
