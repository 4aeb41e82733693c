import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './database';
import { migrate, migrationFiles } from './migrate';
import { readTemplate } from './template';
import { migrateTemplate } from './template-cli';
import { writeTemplate } from './template';

/** Start-up: a new data folder, and each test file's database, start from a migrated archive. */
describe('the migrated database archive', () => {
  const work = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const file = join(work, 'template.tar.gz');
  let template: Blob | null = null;

  beforeAll(async () => {
    await writeTemplate(file, migrateTemplate);
    template = readTemplate(file);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('is read only when it was made from these migrations', () => {
    expect(template).not.toBeNull();
    writeFileSync(join(work, 'other.tar.gz'), 'x');
    writeFileSync(join(work, 'other.tar.gz.id'), 'made-from-other-migrations');
    expect(readTemplate(join(work, 'other.tar.gz'))).toBeNull();
    expect(readTemplate(join(work, 'missing.tar.gz'))).toBeNull();
  });

  it('gives a new data folder every migration, no secret, and a folder that opens again without it', async () => {
    const dataDir = join(work, 'data');
    const first = await openPglite(dataDir, { template });
    expect(await migrate(first.db)).toEqual([]);
    const applied = await first.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
    expect(applied.map((row) => row.name)).toEqual(migrationFiles());
    expect(await first.db.selectFrom('signing_keys').selectAll().execute()).toEqual([]);
    await sql`INSERT INTO signing_keys (name, secret) VALUES ('probe', 'kept')`.execute(first.db);
    await first.close();
    expect(existsSync(join(dataDir, 'db.unpacking'))).toBe(false);

    const again = await openPglite(dataDir, { template });
    expect(await again.db.selectFrom('signing_keys').select('secret').where('name', '=', 'probe').executeTakeFirst()).toEqual({
      secret: 'kept',
    });
    await again.close();
  });

  it('unpacks again over what a killed start left, and never unpacks over a folder that holds something', async () => {
    const dataDir = join(work, 'killed');
    mkdirSync(join(dataDir, 'db'), { recursive: true });
    writeFileSync(join(dataDir, 'db', 'half-written'), 'x');
    writeFileSync(join(dataDir, 'db.unpacking'), '');
    const database = await openPglite(dataDir, { template });
    expect(await migrate(database.db)).toEqual([]);
    await database.close();
    expect(existsSync(join(dataDir, 'db.unpacking'))).toBe(false);
    expect(existsSync(join(dataDir, 'db', 'half-written'))).toBe(false);

    const foreign = join(work, 'foreign');
    mkdirSync(join(foreign, 'db'), { recursive: true });
    writeFileSync(join(foreign, 'db', 'keep-me'), 'x');
    await openPglite(foreign, { template }).then(
      (opened) => opened.close(),
      () => undefined,
    );
    expect(existsSync(join(foreign, 'db', 'keep-me'))).toBe(true);
  });

  it('serves an in-memory database ready for the tests', async () => {
    const database = await openPglite(undefined, { template });
    expect(await migrate(database.db)).toEqual([]);
    expect(Number((await database.db.selectFrom('log_head').select('tree_size').executeTakeFirstOrThrow()).tree_size)).toBe(0);
    await database.close();
  });
});
