export { formatChinaDate, formatChinaTime } from './china-time';
export { DAY_SECONDS, dateRangeToEpoch, startOfDaySeconds } from './date-range';
export type { EpochRange } from './date-range';
