import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';

/** Epoch-second bounds of a list filter, both inclusive (the end day's last second belongs to it). */
export interface TimeRange {
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/** Rows to skip and to take. */
export interface Page {
  limit: number;
  offset: number;
}

/** Page `page` (from 1) of `size` rows. */
export const pageOf = (page: number, size: number): Page => ({ limit: size, offset: (page - 1) * size });

/**
 * Keeps the rows whose `column` (a timestamp) lies in the range. The end is inclusive to the second
 * (spec section 5: start of the end day + 86400 - 1): everything before the next whole second belongs to it.
 */
export function withinTimeRange<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: StringReference<DB, TB>,
  range: TimeRange,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  if (range.startTime !== undefined) q = q.where(sql<boolean>`${sql.ref(column)} >= ${new Date(range.startTime * 1000)}`);
  if (range.endTime !== undefined) q = q.where(sql<boolean>`${sql.ref(column)} < ${new Date((range.endTime + 1) * 1000)}`);
  return q;
}

/** The column that carries the count beside each row of a page (removed before the rows are answered). */
const COUNT = 'count_of_all__';

/**
 * The count of every row the filtered query matches (its own selection cleared) and one page of rows chosen by
 * `rows` (selection and order), in one statement: the count rides on each row as an uncorrelated subquery, which
 * PostgreSQL computes once (one round trip per list instead of two). Only a page past the end, which has
 * no row to carry it, asks for the count on its own; an empty first page means there is nothing to count.
 */
export async function countAndPage<DB, TB extends keyof DB, O, R>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  rows: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  page: Page,
): Promise<{ count: number; rows: R[] }> {
  const counted = filtered.clearSelect().select(sql<number>`count(*)`.as('n'));
  const list = (await rows(filtered)
    .select(sql<number | string>`${counted}`.as(COUNT))
    .limit(page.limit)
    .offset(page.offset)
    .execute()) as Array<R & Record<typeof COUNT, number | string>>;
  const first = list[0];
  if (first) return { count: Number(first[COUNT]), rows: list.map(({ [COUNT]: _count, ...row }) => row as R) };
  if (page.offset === 0 && page.limit > 0) return { count: 0, rows: [] };
  const alone = await counted.executeTakeFirst();
  return { count: Number((alone as { n?: number | string } | undefined)?.n ?? 0), rows: [] };
}
