export { CHINA_TIME_ZONE, DATE_FORMAT, formatChinaDate, formatChinaTime, parseChinaDate, parseChinaTime, TIME_FORMAT } from '@formats';
export { DAY_SECONDS, dateRangeToEpoch, formatPickedDay, parsePickedDay, startOfDaySeconds } from './date-range';
export type { EpochRange } from './date-range';
export { formatDuration } from './duration';
