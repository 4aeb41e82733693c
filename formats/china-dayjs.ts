import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import dayjsLocale from 'dayjs/locale/zh-cn.js';
import languages from '../locales/languages.json' with { type: 'json' };

/**
 * dayjs as both halves use it: utc + timezone for China time (the time zone of record, whatever the browser's
 * zone), customParseFormat for strict parsing, and the dayjs locale of the app's language. Every date and time
 * the app shows, parses or compares goes through the functions of this folder, which use this instance.
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** The dayjs locale of each language of the copy (locales/languages.json); English is dayjs's own (`en`). */
const DAYJS_LOCALES: Record<string, ILocale | string> = { 'zh-CN': dayjsLocale, en: 'en' };

/** Names of months and weekdays, and the first day of the week, as `language` has them (the default's when unknown). */
export function setDayjsLanguage(language: string): void {
  dayjs.locale(DAYJS_LOCALES[language] ?? DAYJS_LOCALES[languages.default]);
}
setDayjsLanguage(languages.default);

/** China Standard Time: UTC+8 all year (no daylight saving since 1991). */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';
/** How the product writes a time (saveTime, the certificate, every list). */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** How the product writes a calendar day (date inputs, the date filter). */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** An instant as a dayjs in China time. */
export const inChina = (value: string | number | Date | Dayjs): Dayjs => dayjs(value).tz(CHINA_TIME_ZONE);

/** Text written as `format` (strictly: every field present and in range) read as China time; null when it is not. */
export function parseInChina(text: string, format: string): Dayjs | null {
  if (!dayjs(text, format, true).isValid()) return null;
  return dayjs.tz(text, format, CHINA_TIME_ZONE);
}

export { dayjs };
