import { DATE_FORMAT, dayjs, inChina, parseInChina, TIME_FORMAT } from './china-dayjs';

type TimeInput = string | number | Date;

/** An instant: a time the server already wrote the product's way (China time), else ISO text with its zone, epoch ms or a Date. */
function readTime(value: TimeInput) {
  const written = typeof value === 'string' ? parseInChina(value, TIME_FORMAT) : null;
  if (written) return written;
  const time = dayjs(value);
  return time.isValid() ? time : null;
}

/**
 * A time as China time, whatever the browser's time zone: `YYYY-MM-DD HH:mm:ss` (as the server writes saveTime
 * and the certificate prints it) unless another dayjs format is given. What cannot be read is given back as text.
 */
export function formatChinaTime(value: TimeInput, format: string = TIME_FORMAT): string {
  const time = readTime(value);
  return time ? inChina(time).format(format) : String(value);
}

/** The China calendar day of an instant, `YYYY-MM-DD` (e.g. the latest day a date input accepts). */
export function formatChinaDate(value: TimeInput): string {
  return formatChinaTime(value, DATE_FORMAT);
}

/** A China time written `YYYY-MM-DD HH:mm:ss` (as the server sends them) as its instant; null when it is not one. */
export function parseChinaTime(text: string): Date | null {
  return parseInChina(text.trim(), TIME_FORMAT)?.toDate() ?? null;
}

/** The start (China midnight) of a calendar day written `YYYY-MM-DD`; null when it is not a real day. */
export function parseChinaDate(text: string): Date | null {
  return parseInChina(text.trim(), DATE_FORMAT)?.toDate() ?? null;
}
