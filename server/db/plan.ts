import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * A statement whose text starts with this comment (or with `select` and this comment, where Kysely's `modifyFront`
 * puts it) runs on PostgreSQL's generic plan on the embedded database (`pglite-pool.ts`): one plan made once for any
 * parameters, instead of a plan made again at each execution when PostgreSQL judges a custom one cheaper to run (on
 * the evidence list that planning was half the database time of a call). Only for statements whose best plan does not
 * depend on their parameters' values: a partial index whose predicate compares a column with a parameter is never
 * used by a generic plan, and `ON CONFLICT` cannot infer such an index at all. On a PostgreSQL server
 * (node-postgres, unnamed statements) the comment is only a comment.
 */
export const GENERIC_PLAN = '/* generic plan */';

/** The select, asking to run on one generic plan where the driver keeps plans (see `GENERIC_PLAN`). */
export function withGenericPlan<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return query.modifyFront(sql.raw(GENERIC_PLAN));
}
