import type { i18n as I18n } from 'i18next';
import { formatAmount } from './amount';
import { formatChinaDate, formatChinaTime } from './china-time';

/**
 * The formats a text may name inside a placeholder (`{{points, amount}}`, `{{time, chinaTime}}`): the caller passes
 * the raw value and the text says how it is written, so a translator sees (and may move) the whole sentence. One
 * definition for the web app's and the server's i18next, so a text reads the same in a page, an SMS or a PDF.
 */
export const TEXT_FORMATS = {
  /** Points and money: thousands separators and two decimals (`1234.5` → `1,234.50`), as the text's language writes numbers. */
  amount: (value: unknown, language?: string) => formatAmount(typeof value === 'number' || typeof value === 'string' ? value : 0, language),
  /** An instant as China time, `YYYY-MM-DD HH:mm:ss`, whatever the machine's or browser's zone. */
  chinaTime: (value: unknown, _language?: string) => (isTime(value) ? formatChinaTime(value) : ''),
  /** The China calendar day of an instant, `YYYY-MM-DD`. */
  chinaDate: (value: unknown, _language?: string) => (isTime(value) ? formatChinaDate(value) : ''),
  /** A month's number (1 to 12) as the text's language names it (`6` → `June`), for dates a text spells out. */
  monthName: (value: unknown, language?: string) => monthName(Number(value), language),
} as const;

const monthNames = new Map<string, Intl.DateTimeFormat>();
function monthName(month: number, language = 'zh-CN'): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) return '';
  let format = monthNames.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
    monthNames.set(language, format);
  }
  return format.format(Date.UTC(2000, month - 1, 1));
}

export type TextFormat = keyof typeof TEXT_FORMATS;

function isTime(value: unknown): value is string | number | Date {
  return typeof value === 'string' || typeof value === 'number' || value instanceof Date;
}

/** Registers TEXT_FORMATS on an i18next instance; call it right after `init` (which creates the formatter). */
export function addTextFormats(instance: I18n): void {
  const formatter = instance.services.formatter;
  if (!formatter) throw new Error('i18next has no formatter: call addTextFormats after init');
  for (const [name, format] of Object.entries(TEXT_FORMATS))
    formatter.add(name, (value: unknown, language?: string) => format(value, language));
}
