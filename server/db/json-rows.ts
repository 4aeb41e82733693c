import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** A row as JSON carries it: a timestamp column arrives as its ISO text. */
export type JsonRow<R> = { [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K] };

/** A column of the rows and the direction to order them by. */
export type JsonOrder<R> = readonly [column: keyof R & string, direction: 'asc' | 'desc'];

/**
 * The rows `query` selects as one JSON array (`[]` when there is none), in the order given: one value for the whole
 * page instead of a row per record. Read it back with `decodeJsonRows`.
 */
export function jsonRowsOf<DB, TB extends keyof DB, R>(
  query: SelectQueryBuilder<DB, TB, R>,
  orderBy: readonly JsonOrder<R>[],
): RawBuilder<JsonRow<R>[]> {
  const order = sql.join(orderBy.map(([column, direction]) => sql`${sql.ref(`p.${column}`)} ${sql.raw(direction)}`));
  return sql<JsonRow<R>[]>`coalesce((select json_agg(p order by ${order}) from (${query}) as p), '[]'::json)`;
}

/** Rows of `jsonRowsOf` with their timestamp columns (the ones named) read back into Dates. */
export function decodeJsonRows<R>(rows: readonly JsonRow<R>[], timestamps: readonly (keyof R & string)[]): R[] {
  return rows.map((row) => {
    const decoded: Record<string, unknown> = { ...row };
    for (const column of timestamps) {
      const text = decoded[column];
      if (typeof text === 'string') decoded[column] = new Date(text);
    }
    return decoded as R;
  });
}
