import { formatChinaTime } from '@/shared/lib/time';

/** One field of an audited record: its state before and after the action, and whether the action changed it. */
export type ChangeRow = { key: string; before: unknown; after: unknown; changed: boolean };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of an audit entry's before and after states as rows, in the order they first appear, changed
 * ones first (what the action did, then the rest of the record as it stood).
 */
export function changeRows(before: Record<string, unknown> | null, after: Record<string, unknown> | null): ChangeRow[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows = keys.map((key) => {
    const was = before ? before[key] : undefined;
    const now = after ? after[key] : undefined;
    return { key, before: was, after: now, changed: before !== null && after !== null ? !same(was, now) : true };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}

/** Words for values: empty, yes and no, and the name of a coded value of a field (a role, a state), null when none. */
export type ValueWords = {
  empty: string;
  yes: string;
  no: string;
  separator: string;
  named: (key: string, value: string) => string | null;
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** A recorded value in words: yes / no, "(empty)", a coded value's name, China time for instants, lists and objects as text. */
export function valueText(key: string, value: unknown, words: ValueWords): string {
  if (value === null || value === undefined || value === '') return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string' || typeof value === 'number') {
    const named = words.named(key, String(value));
    if (named) return named;
    return typeof value === 'string' && ISO_TIME.test(value) ? formatChinaTime(value) : String(value);
  }
  if (Array.isArray(value))
    return value.length === 0 ? words.empty : value.map((item) => valueText(key, item, words)).join(words.separator);
  return JSON.stringify(value);
}
