import dayjs from 'dayjs';
import dayjsLocale from 'dayjs/locale/zh-cn.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DEFAULT_LANGUAGE, type Language } from '../languages';

/**
 * dayjs as the server uses it for every date and time it writes, reads or compares in texts, documents, PDFs and
 * provider calls: utc + timezone for China time (the time zone of record, whatever the machine's zone),
 * customParseFormat for strict parsing, and the dayjs locale of the server's language.
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** The dayjs locale of each language: a language added to the list fails to compile until it has one. */
const DAYJS_LOCALES: Record<Language, ILocale> = { [DEFAULT_LANGUAGE]: dayjsLocale };
dayjs.locale(DAYJS_LOCALES[DEFAULT_LANGUAGE]);

/** China Standard Time: UTC+8 all year (no daylight saving since 1991). */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';
/** How the product writes a time: every list, text and document. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** How the product writes a calendar day. */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** A time as digits only (file names, order and trade numbers): `YYYYMMDDHHmmss`. */
export const DIGITS_FORMAT = 'YYYYMMDDHHmmss';

/** `YYYY-MM-DD HH:mm:ss` (or another dayjs format) in China time, as the product displays times. */
export function formatChinaTime(date: Date, format: string = TIME_FORMAT): string {
  return dayjs(date).tz(CHINA_TIME_ZONE).format(format);
}

/** The China calendar day of an instant, `YYYY-MM-DD`. */
export const chinaDay = (date: Date): string => formatChinaTime(date, DATE_FORMAT);

/** RFC 3339 in China time with its offset, `2025-01-06T09:00:00+08:00` (WeChat Pay's times). */
export const rfc3339China = (date: Date): string => formatChinaTime(date, 'YYYY-MM-DDTHH:mm:ssZ');

/** An instant as a UTC calendar day, `YYYY-MM-DD` (protocols that sign with the UTC date). */
export const utcDay = (date: Date): string => dayjs(date).utc().format(DATE_FORMAT);

/** Text written as `format` (strictly: every field present and in range) read as China time; null when it is not. */
function parseInChina(text: string, format: string): Date | null {
  if (!dayjs(text, format, true).isValid()) return null;
  return dayjs.tz(text, format, CHINA_TIME_ZONE).toDate();
}

/** A China time written `YYYY-MM-DD HH:mm:ss` (Alipay's timestamps, our own texts) as its instant; null when it is not one. */
export const parseChinaTime = (text: string): Date | null => parseInChina(text, TIME_FORMAT);

/** China midnight at the start of a calendar day written `YYYY-MM-DD`; null when it is not a real day. */
export const parseChinaDay = (text: string): Date | null => parseInChina(text, DATE_FORMAT);

/** The China-time calendar year `now` falls in, as the instants [start, end). */
export function chinaYearOf(now: Date): { start: Date; end: Date } {
  const start = dayjs(now).tz(CHINA_TIME_ZONE).startOf('year');
  return { start: start.toDate(), end: start.add(1, 'year').toDate() };
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
