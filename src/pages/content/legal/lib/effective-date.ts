/** `2022-06-10` -> the parts the effective-date template of legal.json needs (month and day without leading zeros). */
export function dateParts(isoDate: string): { year: string; month: string; day: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate.trim());
  if (!match) return null;
  return { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) };
}
