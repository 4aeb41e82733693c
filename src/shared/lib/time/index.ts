export { formatChinaDate, formatChinaTime, parseChinaDate, parseChinaTime } from './china-time';
export { CHINA_TIME_ZONE, DATE_FORMAT, TIME_FORMAT } from './china-dayjs';
export { DAY_SECONDS, dateRangeToEpoch, formatPickedDay, parsePickedDay, startOfDaySeconds } from './date-range';
export type { EpochRange } from './date-range';
export { formatDuration } from './duration';
