/**
 * The one way the product writes a time: China time (UTC+8, no daylight saving), `YYYY-MM-DD HH:mm:ss`,
 * as the server writes saveTime and the certificate prints it. The offset is added by hand and the UTC
 * fields read, so the answer does not depend on the browser's (or the test process's) time zone.
 */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** A time already written the product's way (the server's China-time strings): kept as it is. */
const PRODUCT_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time (an instant: ISO text with its zone, epoch milliseconds or a Date) as `YYYY-MM-DD HH:mm:ss` China time. */
export function formatChinaTime(value: string | number | Date): string {
  if (typeof value === 'string' && PRODUCT_TIME.test(value)) return value;
  const date = toDate(value);
  if (!date) return String(value);
  const china = new Date(date.getTime() + CHINA_OFFSET_MS);
  return (
    `${pad(china.getUTCFullYear(), 4)}-${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())} ` +
    `${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}:${pad(china.getUTCSeconds())}`
  );
}

/** The China calendar day of an instant, `YYYY-MM-DD` (e.g. the latest day a date input accepts). */
export function formatChinaDate(value: string | number | Date): string {
  return formatChinaTime(value).slice(0, 10);
}
