const formats = new Map<string, Intl.NumberFormat>();

/** One Intl format per language (made once: making one costs more than using it). */
function amountFormat(language: string): Intl.NumberFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    formats.set(language, format);
  }
  return format;
}

/**
 * Points and money: thousands separators and exactly two decimals (spec section 9), written as the language writes
 * numbers (`zh-CN` and `en`: 1234.5 -> "1,234.50").
 */
export function formatAmount(value: number | string | null | undefined, language = 'zh-CN'): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  // -0 would format as "-0.00"; it is zero.
  return amountFormat(language).format(Number.isFinite(n) && n !== 0 ? n : 0);
}
