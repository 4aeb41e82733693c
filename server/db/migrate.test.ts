import { mkdtempSync, rmSync } from 'node:fs';
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
