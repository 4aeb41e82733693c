import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createFileExclusive } from '../files/temp';

/**
 * A 32-byte secret kept in `signing_keys` under `name`: created once (the first process to insert wins,
 * so every API process reads the same), loaded once per process; a failed load is tried again next call.
 */
export function databaseSecret(db: Kysely<DB>, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= (async () => {
      await db
        .insertInto('signing_keys')
        .values({ name, secret: randomBytes(32).toString('base64') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('signing_keys').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
      return Buffer.from(row.secret, 'base64');
    })().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}

/**
 * The text of `${dataDir}/keys/${fileName}`, created with `create()` at first start (directory 0700, file
 * 0600). Two processes starting together on one DATA_DIR both end up with the file written first
 * (exclusive create), and the file is complete or absent, never half a key.
 */
export async function loadOrCreateKeyFile(dataDir: string, fileName: string, create: () => string): Promise<string> {
  const dir = join(dataDir, 'keys');
  const file = join(dir, fileName);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Only a key that is not there yet needs its folder: every later start reads the file in one trip.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const text = create();
  try {
    await createFileExclusive(file, text, 0o600);
    await chmod(file, 0o600);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFile(file, 'utf8');
  }
}
