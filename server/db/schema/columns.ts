import type { ColumnType, Generated } from 'kysely';

/** Columns written once by the database (identity) and read as numbers: see the int8 parsers in database.ts. */
export type Id = Generated<number>;
export type Timestamp = ColumnType<Date, Date, Date>;
export type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
