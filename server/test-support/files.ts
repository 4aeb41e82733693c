import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { FileStore } from '../files/store';
import { REFERENCES, storeRoots, sweepDataDir, type StoreName } from '../files/sweep';

export interface DataDirAudit {
  /** Files left in a store's temporary folder or beside the keys (`store/name`). */
  temps: string[];
  /** Objects that no row names (`store/key`). */
  orphans: string[];
  /** Keys named by a row whose object is not on disk (`store/key`). */
  missing: string[];
  /** How many objects each store holds. */
  objects: Record<StoreName, number>;
}

const listOrEmpty = (dir: string) => readdir(dir).catch(() => [] as string[]);

/** Everything a crash could leave wrong in a DATA_DIR, read from the disk and the database. */
export async function auditDataDir(db: Kysely<DB>, dataDir: string): Promise<DataDirAudit> {
  const roots = storeRoots(dataDir);
  const audit: DataDirAudit = {
    temps: [],
    orphans: [],
    missing: [],
    objects: { main: 0, signatures: 0, kycSealed: 0, notaryTransfers: 0, personalData: 0, invoices: 0 },
  };
  for (const name of Object.keys(roots) as StoreName[]) {
    const store = new FileStore(roots[name]);
    audit.temps.push(...(await listOrEmpty(join(roots[name], 'tmp'))).map((f) => `${name}/${f}`));
    const referenced = await REFERENCES[name].keys(db);
    const onDisk = new Set<string>();
    for await (const object of store.objects()) onDisk.add(object.key);
    audit.objects[name] = onDisk.size;
    for (const key of onDisk) if (!referenced.has(key)) audit.orphans.push(`${name}/${key}`);
    for (const key of referenced) {
      if (!(await store.has(key))) audit.missing.push(`${name}/${key}`);
    }
  }
  audit.temps.push(...(await listOrEmpty(join(dataDir, 'keys'))).filter((f) => f.endsWith('.tmp')).map((f) => `keys/${f}`));
  return audit;
}

/**
 * The orphan sweep with no grace period (the test owns its DATA_DIR): shared objects are deleted by the
 * sweep only, so "nothing stays" of a refused or deleted upload holds once it has run.
 */
export function sweepOrphansNow(t: { db: Kysely<DB>; dataDir: string }) {
  return sweepDataDir(t.db, t.dataDir, { orphanGraceMs: 0, tempStaleMs: 3_600_000 });
}
