import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/create-test-app';
import { openDatabase, openPglite } from './database';
import { migrate, migrationFiles } from './migrate';

describe('migrations', () => {
  it('apply once; running them again changes nothing', async () => {
    const t = await createTestApp();
    try {
      expect(await migrate(t.db)).toEqual([]);
      const applied = await t.db.selectFrom('schema_migrations').select('name').execute();
      expect(applied.map((r) => r.name)).toEqual(migrationFiles());
    } finally {
      await t.close();
    }
  });

  it('know a migration by its name: one renumbered after it ran is not run again, and its record follows the file', async () => {
    const t = await createTestApp();
    try {
      const [first, second] = migrationFiles().slice(-2) as [string, string];
      // As a database migrated before the files were renumbered records them.
      await t.db
        .updateTable('schema_migrations')
        .set({ name: `9998_${first.slice(5)}` })
        .where('name', '=', first)
        .execute();
      await t.db
        .updateTable('schema_migrations')
        .set({ name: `0001_${second.slice(5)}` })
        .where('name', '=', second)
        .execute();
      expect(await migrate(t.db)).toEqual([]);
      const applied = await t.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
      expect(applied.map((r) => r.name)).toEqual(migrationFiles());
    } finally {
      await t.close();
    }
  });

  it('refuse two files with one number or one name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      writeFileSync(join(dir, '0001_users.sql'), 'select 1;');
      writeFileSync(join(dir, '0002_orders.sql'), 'select 1;');
      expect(migrationFiles(dir)).toEqual(['0001_users.sql', '0002_orders.sql']);
      writeFileSync(join(dir, '0002_keys.sql'), 'select 1;');
      expect(() => migrationFiles(dir)).toThrow(/0002_keys\.sql and 0002_orders\.sql share a number or a name/);
      rmSync(join(dir, '0002_keys.sql'));
      writeFileSync(join(dir, '0003_users.sql'), 'select 1;');
      expect(() => migrationFiles(dir)).toThrow(/0001_users\.sql and 0003_users\.sql/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('keep data when the embedded database is opened again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    try {
      const first = await openPglite(dir);
      expect(await migrate(first.db)).toEqual(migrationFiles());
      await first.db.insertInto('users').values({ phone: '13812345678', password_hash: 'x', created_at: new Date() }).execute();
      await first.close();

      const second = await openPglite(dir);
      expect(await migrate(second.db)).toEqual([]);
      const users = await second.db.selectFrom('users').select('phone').execute();
      expect(users).toEqual([{ phone: '13812345678' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'size the embedded buffer cache from PGLITE_SHARED_BUFFERS_MB (32 MB by default)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'data-'));
      try {
        const configured = await openDatabase({ DATA_DIR: dir, PGLITE_SHARED_BUFFERS_MB: 8 });
        const shown = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(configured.db);
        expect(shown.rows[0]?.shared_buffers).toBe('8MB');
        await configured.close();

        const byDefault = await openPglite();
        const fallback = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(byDefault.db);
        expect(fallback.rows[0]?.shared_buffers).toBe('32MB');
        await byDefault.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
