import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { fileLink, SignedLinks } from '../../files/links';
import { UrlSigner } from '../../files/signed-url';
import { openStore } from '../../files/stores';
import { createTranslator } from '../../i18n';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { verifyOrganisation } from '../../test-support/kyc';
import { PNG_BYTES, preserve } from '../../test-support/uploads';
import { SessionService } from '../auth/sessions';
import { runCancellationJob, type CancellationJobDeps } from './erase';

/**
 * Erasure ends access at once: every kind of signed link made for the account before its deletion answers as
 * missing afterwards, while another account holding equal bytes keeps its access, and the erased account's
 * unshared objects leave the store even when written minutes ago (long inside the sweep's grace period).
 */
let t: TestApp;
let deps: CancellationJobDeps;
let links: SignedLinks;
beforeAll(async () => {
  // The production grace period of the orphan sweep (a day): the erasure must not wait for it.
  // No cooling-off: the links made just before are still within their time when the job runs.
  t = await createTestApp({
    config: { ACCOUNT_CANCEL_JOB_SECONDS: '0', ACCOUNT_CANCEL_COOLING_OFF_DAYS: '0', FILE_ORPHAN_GRACE_SECONDS: '86400' },
  });
  const config = testConfig({ DATA_DIR: t.dataDir, FILE_ORPHAN_GRACE_SECONDS: '86400' });
  deps = {
    config,
    db: t.db,
    clock: t.clock,
    translator: createTranslator(),
    sessions: new SessionService(t.db, t.clock),
    files: openStore(config, 'main'),
  };
  links = new SignedLinks(new UrlSigner(t.db, t.clock), 300);
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const png = (seed: string) => ({ name: `${seed}.png`, type: 'image/png', content: Buffer.concat([PNG_BYTES, Buffer.from(seed)]) });
const userId = async (phone: string) =>
  (await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
const evidenceRow = (baoquan: string) =>
  t.db.selectFrom('evidence').select(['id', 'user_id', 'file_key']).where('baoquan', '=', baoquan).executeTakeFirstOrThrow();
const fetchLink = (url: string) => t.app.inject({ method: 'GET', url });
const post = <T>(url: string, body: Record<string, string>, token: string) => t.post<T>(url, body, token);

/** Puts the object's time back, as if it had been written `minutes` ago (still well inside the day of grace). */
const age = async (store: 'main' | 'signatures', key: string, minutes: number) => {
  const when = new Date(Date.now() - minutes * 60_000);
  const root = store === 'main' ? join(t.dataDir, 'files') : join(t.dataDir, 'files', 'signatures');
  await utimes(join(root, 'objects', key), when, when);
};

async function erase(token: string, phone: string): Promise<void> {
  await post('/api/user/cancellation/sendCode', {}, token);
  const applied = await post('/api/user/cancellation/apply', { smsCode: await t.lastSmsCode(phone) }, token);
  expect(applied.body.code).toBe(200);
  expect(await runCancellationJob(deps)).toMatchObject({ erased: 1 });
}

describe('signed links after the erasure of the account', () => {
  it('every kind of link answers as missing; equal bytes of another account stay served; unshared bytes leave the store', async () => {
    const phone = '13900139081';
    const { token } = await register(t, phone);
    const id = await userId(phone);
    const other = await register(t, '13900139082');

    const mine = await preserve(t, token, png('mine'));
    const shared = await preserve(t, token, png('shared'));
    const theirs = await preserve(t, other.token, png('shared'));
    const mineRow = await evidenceRow(mine.baoquan);
    const sharedRow = await evidenceRow(shared.baoquan);
    const theirsRow = await evidenceRow(theirs.baoquan);
    expect(theirsRow.file_key).toBe(sharedRow.file_key);

    // Evidence files (the owner's download call).
    const contract = await post<{ list: { id: number; url: string }[] }>(
      '/api/data/downContract',
      { dataIdStr: `${mineRow.id},${sharedRow.id}` },
      token,
    );
    const evidenceLinks = contract.body.data.list.map((item) => item.url);
    expect(evidenceLinks).toHaveLength(2);
    const theirContract = await post<{ list: { url: string }[] }>(
      '/api/data/downContract',
      { dataIdStr: String(theirsRow.id) },
      other.token,
    );
    const theirLink = theirContract.body.data.list[0]!.url;

    // A capture part (a screenshot stored on its own) of the first record.
    const partBytes = Buffer.concat([PNG_BYTES, Buffer.from('screenshot')]);
    const part = await deps.files.put(Readable.from([partBytes]), { maxBytes: 1 << 20 });
    await t.db
      .insertInto('captures')
      .values({
        user_id: id,
        kind: 'web',
        state: 'done',
        title: 'page',
        price: 0,
        evidence_id: mineRow.id,
        files: JSON.stringify([
          { name: 'screenshot.png', role: 'screenshot', key: part.key, sha256: part.sha256, size: part.size, mime: 'image/png' },
        ]),
        created_at: t.clock.now(),
      })
      .execute();
    const partLink = await fileLink(
      links,
      { key: part.key, name: 'screenshot.png', type: 'image/png', holder: { owner: id, record: 'capture', id: mineRow.id } },
      3600,
    );

    // A notary order's seal copy (a finished, voided order: it keeps nothing open), and the notarial certificate
    // the office attached to it (attached, never issued: no document row names it, only the order).
    const certificateBytes = Buffer.from('%PDF-1.4\n% the notarial certificate\n%%EOF\n');
    const attached = await deps.files.put(Readable.from([certificateBytes]), { maxBytes: 1 << 20 });
    const sealCopy = await deps.files.put(Readable.from([Buffer.concat([PNG_BYTES, Buffer.from('seal copy')])]), { maxBytes: 1 << 20 });
    const order = await t.db
      .insertInto('notary_orders')
      .values({
        order_no: 'N20250106000000000081',
        user_id: id,
        type: 1,
        record_count: 1,
        price_per_record: 100,
        amount: 100,
        created_at: t.clock.now(),
        seal_file_key: sealCopy.key,
        certificate_file_key: attached.key,
        certificate_size: attached.size,
        certificate_at: t.clock.now(),
        notarial: 3,
        voided_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notaryLink = await fileLink(links, {
      key: sealCopy.key,
      name: 'seal.png',
      type: 'image/png',
      holder: { owner: id, record: 'notary', id: order.id },
    });
    const certificateFileLink = await fileLink(links, {
      key: attached.key,
      name: 'certificate.pdf',
      type: 'application/pdf',
      holder: { owner: id, record: 'notary', id: order.id },
    });

    // A seal image (the listing's pic_url).
    const sealBytes = Buffer.concat([PNG_BYTES, Buffer.from('seal')]);
    const sealKey = (await openStore(deps.config, 'signatures').put(Readable.from(sealBytes), { maxBytes: 1 << 20 })).key;
    await t.db
      .insertInto('signatures')
      .values({ user_id: id, name: '章', file_key: sealKey, file_size: sealBytes.length, created_at: t.clock.now() })
      .execute();
    const listing = await post<{ list: { pic_url: string }[] }>('/api/signature/listing', {}, token);
    const sealLink = listing.body.data.list[0]!.pic_url;

    // Identity images (the verification's links).
    await verifyOrganisation(t, token, phone);
    const auth = await post<{ images: { url: string }[] }>('/api/user/getAuthInfo', {}, token);
    const kycLink = auth.body.data.images[0]!.url;

    // The certificate PDF and the offline proof package (links only: their rendering is tested elsewhere).
    const certificate = await t.app.inject({
      method: 'GET',
      url: `/api/check/downCertificate?baoquan=${mine.baoquan}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const certificateLink = certificate.json<{ data: { url: string } }>().data.url;
    const proof = await post<{ url: string }>('/api/data/downProofPackage', { ids: String(mineRow.id) }, token);
    const proofLink = proof.body.data.url;

    const servable = [...evidenceLinks, partLink.url, notaryLink.url, certificateFileLink.url, sealLink, kycLink];
    for (const url of servable) expect((await fetchLink(url)).statusCode, url).toBe(200);

    // Written a quarter of an hour before the deletion: well inside the sweep's day of grace.
    for (const key of [mineRow.file_key, sharedRow.file_key, part.key, sealCopy.key, attached.key]) await age('main', key, 15);
    await age('signatures', sealKey, 15);
    await erase(token, phone);

    for (const url of [...servable, certificateLink, proofLink]) {
      const answer = await fetchLink(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json<{ code: number }>().code, url).toBe(404);
    }
    // The other account's record of equal bytes is still served, and its bytes kept.
    const kept = await fetchLink(theirLink);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(png('shared').content)).toBe(true);
    // The erased account's own bytes are gone from the stores at once.
    expect(await deps.files.modifiedAt(mineRow.file_key)).toBeNull();
    expect(await deps.files.modifiedAt(part.key)).toBeNull();
    expect(await deps.files.modifiedAt(sealCopy.key)).toBeNull();
    expect(await deps.files.modifiedAt(attached.key)).toBeNull();
    expect(await openStore(deps.config, 'signatures').modifiedAt(sealKey)).toBeNull();
    expect(await deps.files.modifiedAt(sharedRow.file_key)).not.toBeNull();
  });

  it('an object written seconds before the deletion waits for a later run, then goes', async () => {
    const phone = '13900139083';
    const { token } = await register(t, phone);
    const fresh = await preserve(t, token, png('fresh'));
    const row = await evidenceRow(fresh.baoquan);
    await erase(token, phone);
    // An equal upload may be committing its row: the object stays for now, the request keeps it on its list.
    expect(await deps.files.modifiedAt(row.file_key)).not.toBeNull();
    expect((await t.db.selectFrom('account_cancellations').select('state').executeTakeFirstOrThrow()).state).toBe('erasing');
    await age('main', row.file_key, 11);
    t.clock.advance(11 * 60_000);
    expect(await runCancellationJob(deps)).toMatchObject({ objects: 1 });
    expect(await deps.files.modifiedAt(row.file_key)).toBeNull();
    expect((await t.db.selectFrom('account_cancellations').select('state').executeTakeFirstOrThrow()).state).toBe('done');
  });
});

describe('signed links after the owner deletes the record', () => {
  it('the evidence file link stops serving', async () => {
    const { token } = await register(t, '13900139084');
    const record = await preserve(t, token, png('deleted'));
    const row = await evidenceRow(record.baoquan);
    const contract = await post<{ list: { url: string }[] }>('/api/data/downContract', { dataIdStr: String(row.id) }, token);
    const url = contract.body.data.list[0]!.url;
    expect((await fetchLink(url)).statusCode).toBe(200);
    expect((await post('/api/data/delData', { id: String(row.id) }, token)).body.code).toBe(200);
    const answer = await fetchLink(url);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 404, data: null });
  });
});
