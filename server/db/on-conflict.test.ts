import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSecret } from '../lib/secrets';
import { insertUser } from '../modules/auth/repository';
import { PROJECT_ROOT } from '../paths';
import { loadSandboxAuthority } from '../providers/tsa';
import { createTestApp, type TestApp } from '../test-support/create-test-app';

/**
 * Every statement with ON CONFLICT in server/, by file. A prepared statement may run on a generic plan after five
 * runs, which infers only a conflict target that does not depend on a parameter's value: each is run ten times
 * here (or, where named, by the test that runs it ten times).
 */
const SITES: Record<string, number> = {
  'server/modules/auth/repository.ts': 1,
  'server/lib/secrets.ts': 1,
  'server/providers/tsa/index.ts': 1,
  // Ten requests in one server: cancellation.test.ts "answers every one of ten requests".
  'server/modules/cancellation/service.ts': 1,
  // Not yet run ten times here: whole unique keys (tree_size, key_id; the trigger's primary key).
  'server/chain/log.ts': 2,
  'server/chain/timestamps.ts': 1,
  'server/db/migrations/0021_evidence_counts.sql': 1,
  // Whole keys too: payment_trades (order_no, provider), payment_refunds (order_no, provider), sandbox_refunds.
  'server/modules/orders/routes.ts': 1,
  'server/modules/payments/refunds.ts': 1,
  'server/providers/payments.ts': 1,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ON CONFLICT statements past their fifth run', () => {
  it('lists every ON CONFLICT in server/', () => {
    const found: Record<string, number> = {};
    for (const file of sourceFiles(join(PROJECT_ROOT, 'server'))) {
      const text = readFileSync(file, 'utf8');
      const count = (text.match(/\.onConflict\(/g) ?? []).length + (text.match(/on conflict\s*(\(|on constraint)/gi) ?? []).length;
      if (count > 0) found[relative(PROJECT_ROOT, file)] = count;
    }
    expect(found).toEqual(SITES);
  });

  it('runs each ten times and more in one process', async () => {
    const now = t.clock.now();
    for (let i = 0; i < 12; i++) expect(await insertUser(t.db, `137000000${String(i).padStart(2, '0')}`, 'x', now)).not.toBeNull();
    expect(await insertUser(t.db, '13700000000', 'x', now)).toBeNull();

    for (let i = 0; i < 12; i++) expect(await databaseSecret(t.db, `on-conflict-test-${i}`)()).toHaveLength(32);

    for (let i = 0; i < 12; i++) {
      await t.db.deleteFrom('tsa_sandbox').execute();
      await loadSandboxAuthority(t.db, t.clock);
    }
  }, 240_000);
});
