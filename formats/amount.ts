const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** Points and money: thousands separators and exactly two decimals (spec section 9), e.g. 1234.5 -> "1,234.50". */
export function formatAmount(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  // -0 would format as "-0.00"; it is zero.
  return amountFormat.format(Number.isFinite(n) && n !== 0 ? n : 0);
}
