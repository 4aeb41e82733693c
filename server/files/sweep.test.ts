import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { auditDataDir } from '../test-support/files';
import { register } from '../test-support/flows';
import { verifyOrganisation } from '../test-support/kyc';
import { multipartBody, PNG_BYTES, preserve } from '../test-support/uploads';
import { FileStore } from './store';
import { REFERENCES, storeRoots, sweepDataDir, type StoreName } from './sweep';
import { OWNER_TAG } from './temp';

const HOUR = 3600_000;
const bytes = (label: string) => Readable.from([Buffer.concat([Buffer.from(`${label}\n`), randomBytes(64)])]);
const pngLike = () => Readable.from([Buffer.concat([PNG_BYTES.subarray(0, 8), randomBytes(300)])]);
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** A pid that surely belongs to no live process: one of a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

let t: TestApp;
let userId: number;
let roots: ReturnType<typeof storeRoots>;

beforeAll(async () => {
  t = await createTestApp();
  roots = storeRoots(t.dataDir);
  const session = await register(t, '13800000001');
  userId = (await t.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).id;
  // Real rows of every kind that keeps files: evidence (main), a seal (signatures), a verification (kyc-sealed).
  await preserve(t, session.token, { name: 'a.pdf', content: Buffer.from('%PDF-1.4\nsweep test\n') });
  const seal = multipartBody({ name: 'seal', isDefault: '1' }, { name: 'seal.png', content: PNG_BYTES, type: 'image/png' });
  const sealed = await t.app.inject({
    method: 'POST',
    url: '/api/signature/upload',
    headers: { 'content-type': seal.contentType, authorization: `Bearer ${session.token}` },
    payload: seal.payload,
  });
  expect(sealed.json<{ code: number }>().code).toBe(200);
  await verifyOrganisation(t, session.token, '13800000001', false);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('sweepDataDir', () => {
  it('collects objects no row names once past the grace period and keeps every named one', async () => {
    const main = new FileStore(roots.main);
    // Rows written straight into the tables this test has no cheap flow for: a capture's bundle parts, a
    // notary order's seal copy and transfer screenshot, a notary document.
    const part = await main.put(bytes('capture part'), { maxBytes: 1 << 20 });
    const sealCopy = await main.put(bytes('seal copy'), { maxBytes: 1 << 20 });
    const document = await main.put(bytes('document'), { maxBytes: 1 << 20 });
    const transfer = await new FileStore(roots.notaryTransfers).put(pngLike(), { maxBytes: 1 << 20 });
    const copy = await new FileStore(roots.personalData).put(bytes('personal data copy'), { maxBytes: 1 << 20 });
    const now = new Date();
    await t.db
      .insertInto('personal_data_exports')
      .values({ user_id: userId, state: 'ready', progress: 100, file_key: copy.key, size: copy.size, created_at: now })
      .execute();
    await t.db
      .insertInto('captures')
      .values({
        user_id: userId,
        kind: 'web',
        state: 'done',
        title: 't',
        price: 0,
        created_at: now,
        files: JSON.stringify([
          { name: 'page.html', role: 'html', key: part.key, sha256: part.sha256, size: part.size, mime: 'text/html' },
        ]),
      })
      .execute();
    const order = await sql<{ id: number }>`
      INSERT INTO notary_orders (order_no, user_id, type, step, record_count, price_per_record, amount, seal_file_key, transfer_file_key, transfer_at, created_at)
      VALUES ('N-sweep-1', ${userId}, 1, 4, 1, 2000, 2000, ${sealCopy.key}, ${transfer.key}, ${now}, ${now}) RETURNING id`.execute(t.db);
    await sql`INSERT INTO notary_documents (order_id, type, issued_at, file_key) VALUES (${order.rows[0]!.id}, 1, ${now}, ${document.key})`.execute(
      t.db,
    );

    const invoicePdf = await new FileStore(roots.invoices).put(bytes('%PDF-invoice'), { maxBytes: 1 << 20 });
    const mailed = await new FileStore(roots.invoices).put(bytes('%PDF-mailed'), { maxBytes: 1 << 20 });
    const application = await sql<{ id: number }>`
      INSERT INTO invoice_applications (apply_no, user_id, status, amount, order_count, type, head, tax_num, name, post_phone_number, address, created_at)
      VALUES ('F-sweep-1', ${userId}, 3, 100, 1, 'ENTERPRISE', 'h', 't', 'n', 'p', 'a', ${now}) RETURNING id`.execute(t.db);
    await t.db
      .insertInto('invoice_files')
      .values({
        application_id: application.rows[0]!.id,
        kind: 'pdf',
        file_key: invoicePdf.key,
        size: invoicePdf.size,
        sha256: invoicePdf.sha256,
        created_at: now,
      })
      .execute();
    await t.db
      .insertInto('mail_outbox')
      .values({
        recipient: 'a@example.com',
        subject: 's',
        body: 'b',
        attachments: JSON.stringify([{ name: 'a.pdf', type: 'application/pdf', key: mailed.key, size: mailed.size }]),
        created_at: now,
      })
      .execute();

    const before = await auditDataDir(t.db, t.dataDir);
    expect(before.orphans).toEqual([]);
    expect(before.missing).toEqual([]);
    for (const name of Object.keys(roots) as StoreName[]) expect(before.objects[name], name).toBeGreaterThan(0);

    // One orphan per store: written, its row never committed.
    const orphans: Partial<Record<StoreName, string>> = {};
    for (const name of Object.keys(roots) as StoreName[])
      orphans[name] = (await new FileStore(roots[name]).put(pngLike(), { maxBytes: 1 << 20 })).key;
    expect((await auditDataDir(t.db, t.dataDir)).orphans).toHaveLength(6);

    // Within the grace period nothing goes (the rows may be about to commit).
    const young = await sweepDataDir(t.db, t.dataDir, { orphanGraceMs: HOUR, tempStaleMs: HOUR });
    expect(young.orphans).toEqual({ main: 0, signatures: 0, kycSealed: 0, notaryTransfers: 0, personalData: 0, invoices: 0 });
    expect((await auditDataDir(t.db, t.dataDir)).orphans).toHaveLength(6);

    const report = await sweepDataDir(t.db, t.dataDir, { orphanGraceMs: 0, tempStaleMs: HOUR });
    expect(report.orphans).toEqual({ main: 1, signatures: 1, kycSealed: 1, notaryTransfers: 1, personalData: 1, invoices: 1 });
    for (const name of Object.keys(roots) as StoreName[]) expect(await new FileStore(roots[name]).has(orphans[name]!), name).toBe(false);
    const after = await auditDataDir(t.db, t.dataDir);
    expect(after.orphans).toEqual([]);
    expect(after.missing).toEqual([]);
    expect(after.objects).toEqual(before.objects);
  });

  it('spares an old orphan that an upload of equal content has just claimed again', async () => {
    const main = new FileStore(roots.main);
    const content = Buffer.concat([Buffer.from('shared content\n'), randomBytes(64)]);
    const first = await main.put(Readable.from([content]), { maxBytes: 1 << 20 });
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(join(roots.main, 'objects', first.key), old, old);
    // Another request stores the same bytes; its row commits after the sweep has listed the objects.
    const again = await main.put(Readable.from([content]), { maxBytes: 1 << 20 });
    expect(again.key).toBe(first.key);
    await sweepDataDir(t.db, t.dataDir, { orphanGraceMs: HOUR, tempStaleMs: HOUR });
    expect(await main.has(first.key)).toBe(true);
    await main.remove(first.key);
  });

  it('removes temporary files of dead owners and stale ones, keeps those of live writers', async () => {
    const tmp = join(roots.main, 'tmp');
    await mkdir(tmp, { recursive: true });
    const names = {
      deadOwner: `${OWNER_TAG}-${deadPid()}-aa.part`,
      ownLive: `${OWNER_TAG}-${process.pid}-bb.part`,
      ownStalled: `${OWNER_TAG}-${process.pid}-b2.part`,
      foreignFresh: `000000000000-1-cc.part`,
      foreignStale: `000000000000-1-dd.part`,
      legacyFresh: `${randomBytes(12).toString('hex')}.part`,
      legacyStale: `${randomBytes(12).toString('hex')}.part`,
    };
    for (const name of Object.values(names)) await writeFile(join(tmp, name), 'partial upload');
    const old = new Date(Date.now() - 2 * HOUR);
    for (const name of [names.foreignStale, names.legacyStale, names.ownStalled]) await utimes(join(tmp, name), old, old);
    // A key written aside by a process that died before linking it into place.
    const keys = join(t.dataDir, 'keys');
    await writeFile(join(keys, `.kyc-aes256.key.${OWNER_TAG}-${deadPid()}-ee.tmp`), 'half a key');

    const report = await sweepDataDir(t.db, t.dataDir, { orphanGraceMs: HOUR, tempStaleMs: HOUR });
    expect(report.temps).toBe(4);
    expect((await readdir(tmp)).sort()).toEqual([names.ownLive, names.ownStalled, names.foreignFresh, names.legacyFresh].sort());
    expect((await readdir(keys)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // The keys themselves stay.
    expect((await readdir(keys)).length).toBeGreaterThan(0);
  });

  it('removes capture working folders of captures no longer recorded or processed', async () => {
    const now = new Date();
    const ids: Record<string, number> = {};
    for (const state of ['done', 'failed', 'recording', 'processing'] as const) {
      const row = await t.db
        .insertInto('captures')
        .values({ user_id: userId, kind: 'process', state, title: state, price: 0, created_at: now, last_seen_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[state] = row.id;
    }
    const sessions = join(t.dataDir, 'capture', 'sessions');
    for (const id of [...Object.values(ids), 999_999]) {
      await mkdir(join(sessions, String(id), 'frames'), { recursive: true });
      await writeFile(join(sessions, String(id), 'frames', '0001.jpg'), 'frame');
    }
    const report = await sweepDataDir(t.db, t.dataDir, { orphanGraceMs: HOUR, tempStaleMs: HOUR });
    expect(report.captureDirs).toBe(3);
    expect((await readdir(sessions)).sort()).toEqual([String(ids.recording), String(ids.processing)].sort());
    expect(await exists(join(sessions, String(ids.processing), 'frames', '0001.jpg'))).toBe(true);
  });

  it('knows every column of the schema that names a stored object', async () => {
    const { rows } = await sql<{ column: string }>`
      SELECT table_name || '.' || column_name AS column FROM information_schema.columns
      WHERE table_schema = current_schema() AND (column_name LIKE '%file_key%' OR column_name LIKE '%files%' OR column_name LIKE '%object%')`.execute(
      t.db,
    );
    const known = new Set(Object.values(REFERENCES).flatMap((r) => r.columns));
    // The account deletion's work list names objects to remove, not objects to keep.
    known.add('account_cancellations.objects');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.column).filter((c) => !known.has(c))).toEqual([]);
  });
});
