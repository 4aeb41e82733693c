// How a value is written for a person, the same in a page, an SMS, a PDF or a staff desk: amounts, China dates and
// times (dayjs), and the i18next formats a text names (`{{points, amount}}`). Both halves import this one entry.
export { formatAmount } from './amount';
export { CHINA_TIME_ZONE, DATE_FORMAT, dayjs, inChina, parseInChina, TIME_FORMAT, setDayjsLanguage } from './china-dayjs';
export { formatChinaDate, formatChinaTime, parseChinaDate, parseChinaTime } from './china-time';
export { addTextFormats, TEXT_FORMATS } from './text-formats';
export type { TextFormat } from './text-formats';
