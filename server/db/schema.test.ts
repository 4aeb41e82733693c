import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/create-test-app';

/**
 * `schema.ts` (the Kysely types every query is checked against) is written by hand beside the SQL migrations; this
 * reads both and compares them, so a column added, dropped or made nullable on one side only fails here.
 */
const SCHEMA_FILE = fileURLToPath(new URL('./schema/index.ts', import.meta.url));

interface Column {
  /** The value read can be null. */
  nullable: boolean;
  /** An insert may leave it out (`Generated`, or a ColumnType whose insert type takes undefined). */
  optionalOnInsert: boolean;
}

function typedSchema(): Map<string, Map<string, Column>> {
  const program = ts.createProgram([SCHEMA_FILE], { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(SCHEMA_FILE);
  if (!file) throw new Error('schema/index.ts not found');
  const db = file.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB');
  if (!db) throw new Error('schema.ts has no DB interface');
  const includes = (type: ts.Type, flag: ts.TypeFlags) =>
    type.isUnion() ? type.types.some((part) => (part.flags & flag) !== 0) : (type.flags & flag) !== 0;
  const tables = new Map<string, Map<string, Column>>();
  for (const table of checker.getTypeAtLocation(db).getProperties()) {
    const columns = new Map<string, Column>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      const select = type.getProperty('__select__');
      const insert = type.getProperty('__insert__');
      const read = select ? checker.getTypeOfSymbol(select) : type;
      const written = insert ? checker.getTypeOfSymbol(insert) : type;
      columns.set(column.name, {
        nullable: includes(read, ts.TypeFlags.Null),
        optionalOnInsert: includes(written, ts.TypeFlags.Undefined) || (column.flags & ts.SymbolFlags.Optional) !== 0,
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

describe('schema.ts', () => {
  it('names every table and column of the migrated database, with the same nullability and defaults', async () => {
    const typed = typedSchema();
    const t = await createTestApp();
    try {
      const rows = await sql<{
        table_name: string;
        column_name: string;
        is_nullable: string;
        column_default: string | null;
        is_identity: string;
      }>`
        select c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`.execute(t.db);
      const migrated = new Map<string, Map<string, Column>>();
      for (const row of rows.rows) {
        const columns = migrated.get(row.table_name) ?? new Map<string, Column>();
        const nullable = row.is_nullable === 'YES';
        columns.set(row.column_name, { nullable, optionalOnInsert: nullable || row.column_default !== null || row.is_identity === 'YES' });
        migrated.set(row.table_name, columns);
      }
      expect([...typed.keys()].sort(), 'tables').toEqual([...migrated.keys()].sort());
      const mismatches: string[] = [];
      for (const [table, columns] of migrated) {
        const declared = typed.get(table) ?? new Map<string, Column>();
        for (const name of new Set([...columns.keys(), ...declared.keys()])) {
          const inDb = columns.get(name);
          const inTypes = declared.get(name);
          if (!inDb) mismatches.push(`${table}.${name}: in schema.ts, not in the database`);
          else if (!inTypes) mismatches.push(`${table}.${name}: in the database, not in schema.ts`);
          else {
            if (inDb.nullable !== inTypes.nullable)
              mismatches.push(`${table}.${name}: ${inDb.nullable ? 'nullable' : 'not null'} in the database, not in schema.ts`);
            // An insert that leaves out a NOT NULL column without a default fails: the types must ask for it.
            if (inTypes.optionalOnInsert && !inDb.optionalOnInsert)
              mismatches.push(`${table}.${name}: optional on insert in schema.ts, required by the database`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    } finally {
      await t.close();
    }
  }, 60_000);
});
