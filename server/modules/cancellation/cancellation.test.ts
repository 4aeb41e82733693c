import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CancellationStatus, Certificate } from '../../../contracts/index';
import { verifyInclusion } from '../../chain/merkle';
import { openStore } from '../../files/stores';
import { DAY_MS } from '../../lib/time';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { PASSWORD, passwordLogin, register } from '../../test-support/flows';
import { get, PNG_BYTES, preserve } from '../../test-support/uploads';
import { testConfig } from '../../config';
import { createTranslator } from '../../i18n';
import { SessionService } from '../auth/sessions';
import { runCancellationJob, type CancellationJobDeps } from './erase';
import { copyText, shownNotification } from '../../test-support/copy';

let t: TestApp;
let deps: CancellationJobDeps;
beforeAll(async () => {
  // No timer: the tests run the job themselves, as a second process on the same database and DATA_DIR would;
  // objects are removed however young (one test owns the folder).
  t = await createTestApp({ config: { ACCOUNT_CANCEL_JOB_SECONDS: '0', FILE_ORPHAN_GRACE_SECONDS: '0' } });
  const config = testConfig({ DATA_DIR: t.dataDir, FILE_ORPHAN_GRACE_SECONDS: '0' });
  deps = {
    config,
    db: t.db,
    clock: t.clock,
    translator: createTranslator(),
    sessions: new SessionService(t.db, t.clock),
    files: openStore(config, 'main'),
  };
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const status = async (token: string) => (await t.post<CancellationStatus>('/api/user/cancellation/status', {}, token)).body;
const sendCode = (token: string) => t.post<{ resendAfter: number }>('/api/user/cancellation/sendCode', {}, token);
const apply = (token: string, smsCode: string) => t.post<CancellationStatus>('/api/user/cancellation/apply', { smsCode }, token);
const withdraw = (token: string) => t.post<CancellationStatus>('/api/user/cancellation/withdraw', {}, token);
const userId = async (phone: string) =>
  (await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
const job = () => runCancellationJob(deps);

async function confirm(token: string, phone: string): Promise<CancellationStatus> {
  const sent = await sendCode(token);
  expect(sent.body.code).toBe(200);
  const reply = await apply(token, await t.lastSmsCode(phone));
  expect(reply.body).toMatchObject({ code: 200, msg: copyText('accountCancellation:applied') });
  return reply.body.data;
}

const png = (seed: string) => ({ name: `${seed}.png`, type: 'image/png', content: Buffer.concat([PNG_BYTES, Buffer.from(seed)]) });

describe('account cancellation: request and obligations', () => {
  it('refuses while a notarisation, an unpaid order or an invoice application is open, and lists each', async () => {
    const phone = '13900139001';
    const { token } = await register(t, phone);
    const id = await userId(phone);
    expect((await status(token)).data).toMatchObject({ state: 'none', obligations: [], coolingOffDays: 15, evidenceCount: 0 });

    // An unpaid recharge through the real call.
    const order = await t.post<{ order_no?: string }>('/api/alipay/doPay', { type: '1', integral: '10' }, token);
    expect(order.body.code).toBe(200);
    const orderNo = (await t.db.selectFrom('orders').select('order_no').where('user_id', '=', id).executeTakeFirstOrThrow()).order_no;
    let refused = await sendCode(token);
    expect(refused.body).toMatchObject({ code: 400, msg: copyText('accountCancellation:obligationsOpen', { count: 1 }) });
    expect((await status(token)).data.obligations).toEqual([{ kind: 'order', ref: orderNo, id: null }]);
    await t.post('/api/alipay/cancelPay', { order_no: orderNo }, token);
    expect((await status(token)).data.obligations).toEqual([]);

    // An unfinished notarisation (its wizard needs real-name verification: the row is written as the wizard would).
    const now = t.clock.now();
    const notary = await t.db
      .insertInto('notary_orders')
      .values({
        order_no: 'N20250106000000000001',
        user_id: id,
        type: 1,
        record_count: 1,
        price_per_record: 100,
        amount: 100,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await status(token)).data.obligations).toEqual([{ kind: 'notary', ref: 'N20250106000000000001', id: notary.id }]);
    refused = await sendCode(token);
    expect(refused.body.code).toBe(400);
    await t.db.updateTable('notary_orders').set({ notarial: 3, voided_at: now }).where('id', '=', notary.id).execute();

    // An invoice application waiting for the desk.
    await t.db
      .insertInto('invoice_applications')
      .values({
        apply_no: 'F20250106000000000001',
        user_id: id,
        amount: 1000,
        order_count: 1,
        type: 'ENTERPRISE',
        head: '某某公司',
        tax_num: '91310000MA1K000000',
        name: '张三',
        post_phone_number: '13900139001',
        address: '上海市',
        created_at: now,
      })
      .execute();
    expect((await status(token)).data.obligations).toEqual([{ kind: 'invoice', ref: 'F20250106000000000001', id: null }]);
    expect((await apply(token, '123456')).body.code).toBe(400);
    await t.db.updateTable('invoice_applications').set({ status: 4 }).where('apply_no', '=', 'F20250106000000000001').execute();

    expect((await status(token)).data.obligations).toEqual([]);
    const pending = await confirm(token, phone);
    expect(pending).toMatchObject({ state: 'pending', dueAt: new Date(now.getTime() + 15 * DAY_MS).toISOString() });
  });

  it('needs the code sent to the account phone; a wrong code, a guessed id or another session cancels nothing', async () => {
    const alice = await register(t, '13900139002');
    const bob = await register(t, '13900139003');
    await sendCode(alice.token);
    expect((await apply(alice.token, '000000')).body.code).toBe(400);
    // Bob's session with Alice's code (and any id he adds) acts on Bob's account, whose code was never sent.
    const aliceCode = await t.lastSmsCode('13900139002');
    const forged = await t.post(
      '/api/user/cancellation/apply',
      { smsCode: aliceCode, userId: String(await userId('13900139002')) },
      bob.token,
    );
    expect(forged.body.code).toBe(400);
    expect((await status(alice.token)).data.state).toBe('none');
    expect((await status(bob.token)).data.state).toBe('none');
    expect((await t.post('/api/user/cancellation/withdraw', {})).body.code).toBe(408);
    expect((await t.post('/api/user/cancellation/apply', { smsCode: aliceCode })).body.code).toBe(408);
    expect((await t.db.selectFrom('account_cancellations').selectAll().execute()).length).toBe(0);
  });

  it('is withdrawn during the cooling-off period: signing in again and confirming keeps everything', async () => {
    const phone = '13900139004';
    const { token } = await register(t, phone);
    const record = await preserve(t, token, png('keep'));
    await confirm(token, phone);
    expect((await sendCode(token)).body).toMatchObject({ code: 400, msg: copyText('accountCancellation:alreadyPending') });

    t.clock.advance(14 * DAY_MS);
    const login = await passwordLogin(t, phone, PASSWORD);
    expect(login.body.code).toBe(200);
    const again = login.body.data.token;
    expect((await status(again)).data.state).toBe('pending');
    expect((await withdraw(again)).body).toMatchObject({
      code: 200,
      msg: copyText('accountCancellation:withdrawn'),
      data: { state: 'none' },
    });
    expect((await withdraw(again)).body).toMatchObject({ code: 400, msg: copyText('accountCancellation:nothingPending') });

    t.clock.advance(2 * DAY_MS);
    expect(await job()).toMatchObject({ erased: 0 });
    const later = await passwordLogin(t, phone, PASSWORD);
    expect(later.body.code).toBe(200);
    const owner = later.body.data.token;
    expect((await get<Certificate>(t, `/api/check/bqview?baoquan=${record.baoquan}`, owner)).body.data).toMatchObject({
      isSelf: 1,
      isDownload: 1,
    });
  });
});

describe('account cancellation: many requests in one server', () => {
  // The request's insert is a prepared statement on the embedded database: PostgreSQL plans it generically after
  // five custom runs, and a generic plan could not infer the partial unique index its ON CONFLICT names.
  it('answers every one of ten requests (different accounts) in one server', { timeout: 180_000 }, async () => {
    const applied = createTranslator().t('accountCancellation:applied');
    for (let i = 0; i < 10; i++) {
      const phone = `1390013910${i}`;
      const { token } = await register(t, phone);
      expect((await sendCode(token)).body.code).toBe(200);
      const reply = await apply(token, await t.lastSmsCode(phone));
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ code: 200, msg: applied, data: { state: 'pending' } });
    }
    expect(await t.db.selectFrom('account_cancellations').select('user_id').where('state', '=', 'pending').execute()).toHaveLength(10);
  });
});

describe('account cancellation: the deletion after the cooling-off period', () => {
  it('erases the account, frees the phone, removes the files, keeps the log verifying and answers lookups as deleted', async () => {
    const phone = '13900139005';
    const { token } = await register(t, phone);
    const id = await userId(phone);
    const other = await register(t, '13900139006');
    const mine = await preserve(t, token, png('mine'), { title: '合同扫描件' });
    const shared = await preserve(t, token, png('shared'));
    // Another account's equal file shares the stored object: it must survive.
    const theirs = await preserve(t, other.token, png('shared'));
    const sealBytes = Buffer.concat([PNG_BYTES, Buffer.from('seal')]);
    const sealKey = (await openStore(deps.config, 'signatures').put(Readable.from(sealBytes), { maxBytes: 1 << 20 })).key;
    await t.db
      .insertInto('signatures')
      .values({ user_id: id, name: '章', file_key: sealKey, file_size: sealBytes.length, created_at: t.clock.now() })
      .execute();
    const keyOf = async (baoquan: string) =>
      (await t.db.selectFrom('evidence').select('file_key').where('baoquan', '=', baoquan).executeTakeFirstOrThrow()).file_key;
    const mineKey = await keyOf(mine.baoquan);
    const sharedKey = await keyOf(shared.baoquan);
    const main = deps.files;
    expect(await main.modifiedAt(mineKey)).not.toBeNull();

    await confirm(token, phone);
    t.clock.advance(15 * DAY_MS - 1000);
    expect(await job()).toMatchObject({ erased: 0 });
    t.clock.advance(1000);
    expect(await job()).toMatchObject({ erased: 1, blocked: 0, objects: 2 });
    expect(await job()).toEqual({ erased: 0, blocked: 0, objects: 0 });

    // Signed out everywhere; the phone no longer signs in, and registers a new, empty account.
    expect((await status(token)).code).toBe(408);
    expect((await passwordLogin(t, phone, PASSWORD)).body.msg).toBe(copyText('server:wrongCredentials'));
    const fresh = await register(t, phone);
    expect((await status(fresh.token)).data).toMatchObject({ state: 'none', evidenceCount: 0 });
    expect(await userId(phone)).not.toBe(id);

    // Files gone from storage (the shared one stays for the other account); seal and tombstone.
    expect(await main.modifiedAt(mineKey)).toBeNull();
    expect(await main.modifiedAt(sharedKey)).not.toBeNull();
    expect(await openStore(deps.config, 'signatures').modifiedAt(sealKey)).toBeNull();
    expect(await t.db.selectFrom('signatures').selectAll().where('user_id', '=', id).execute()).toEqual([]);
    const tomb = await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(tomb).toMatchObject({ phone: `cancelled:${id}`, password_hash: '', points: 0, contact_name: '' });
    const erased = await t.db.selectFrom('evidence').selectAll().where('baoquan', '=', mine.baoquan).executeTakeFirstOrThrow();
    expect(erased).toMatchObject({ title: '', file_key: '', path: '' });
    expect(erased.erased_at).not.toBeNull();
    const otherAgain = (await passwordLogin(t, '13900139006', PASSWORD)).body.data.token;
    const theirsDownload = await get<Certificate>(t, `/api/check/bqview?baoquan=${theirs.baoquan}`, otherAgain);
    expect(theirsDownload.body.data).toMatchObject({ isSelf: 1, isDownload: 1 });

    // Lookups answer "deleted by its owner", with the time and hashes.
    const hash = createHash('sha256').update(png('mine').content).digest('hex');
    const byNumber = await t.post<{ found: boolean; list: unknown[] }>('/api/check/bqno', { baoquan: mine.baoquan });
    expect(byNumber.body.data).toEqual({
      found: true,
      list: [
        {
          baoquan: mine.baoquan,
          fileType: 'image',
          saveTime: expect.any(String),
          chainhash: erased.chainhash,
          filehash: hash,
          deletedByOwner: true,
        },
      ],
    });
    const byHash = await t.post<{ found: boolean; list: { deletedByOwner?: boolean }[] }>('/api/check/checkNo', { hash });
    expect(byHash.body.data.list).toEqual([expect.objectContaining({ baoquan: mine.baoquan, deletedByOwner: true })]);
    const certificate = await get<Certificate>(t, `/api/check/bqview?baoquan=${mine.baoquan}`);
    expect(certificate.status).toBe(200);
    expect(certificate.body.data).toMatchObject({ deletedByOwner: true, title: null, owner: '', isDownload: 0, filehash: hash });
    const pdf = await get(t, `/api/check/downCertificate?baoquan=${mine.baoquan}`);
    expect(pdf.body).toMatchObject({ code: 404, msg: copyText('accountCancellation:evidenceDeleted') });

    // The log entry stays and its inclusion proof verifies against the latest checkpoint.
    const proof = await get<{
      leafIndex: number;
      leafHash: string;
      auditPath: string[];
      checkpoint: { treeSize: number; rootHash: string };
    }>(t, `/api/chain/proof?chainhash=${erased.chainhash}`);
    expect(proof.status).toBe(200);
    const p = proof.body.data;
    expect(
      verifyInclusion(
        Buffer.from(p.leafHash, 'hex'),
        p.leafIndex,
        p.checkpoint.treeSize,
        p.auditPath.map((h) => Buffer.from(h, 'hex')),
        Buffer.from(p.checkpoint.rootHash, 'hex'),
      ),
    ).toBe(true);
  });

  it('waits when an invoice application was opened during the cooling-off, and finishes a deletion a crash interrupted', async () => {
    const phone = '13900139007';
    const { token } = await register(t, phone);
    const record = await preserve(t, token, png('crash'));
    const key = (await t.db.selectFrom('evidence').select('file_key').where('baoquan', '=', record.baoquan).executeTakeFirstOrThrow())
      .file_key;
    await confirm(token, phone);
    // During the cooling-off the account is usable: an invoice application opened meanwhile holds the deletion.
    await t.db
      .insertInto('invoice_applications')
      .values({
        apply_no: 'F20250106000000000002',
        user_id: await userId(phone),
        amount: 1000,
        order_count: 1,
        type: 'ENTERPRISE',
        head: '某某公司',
        tax_num: '91310000MA1K000000',
        name: '张三',
        post_phone_number: phone,
        address: '上海市',
        created_at: t.clock.now(),
      })
      .execute();
    t.clock.advance(15 * DAY_MS);
    expect(await job()).toMatchObject({ erased: 0, blocked: 1 });
    const notice = await t.db
      .selectFrom('notifications')
      .select(['content', 'message_key', 'message_params'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(shownNotification(notice)).toContain('注销冷静期已结束');
    expect(await job()).toMatchObject({ erased: 0, blocked: 0 });
    // The desk refuses the application; the next run a day later erases.
    await t.db.updateTable('invoice_applications').set({ status: 4 }).execute();
    t.clock.advance(1 * DAY_MS);
    // A crash after the rows went: the request is 'erasing' with its list, the object still stored.
    const realRemove = deps.files.remove.bind(deps.files);
    deps.files.remove = () => Promise.reject(new Error('crash'));
    await expect(job()).rejects.toThrow('crash');
    deps.files.remove = realRemove;
    const row = await t.db.selectFrom('account_cancellations').selectAll().executeTakeFirstOrThrow();
    expect(row.state).toBe('erasing');
    expect(await deps.files.modifiedAt(key)).not.toBeNull();
    // Its claim holds for a while (another machine leaves it), then the next run finishes it.
    expect(await job()).toMatchObject({ objects: 0 });
    t.clock.advance(11 * 60 * 1000);
    expect(await job()).toMatchObject({ objects: 1 });
    expect(await deps.files.modifiedAt(key)).toBeNull();
    expect((await t.db.selectFrom('account_cancellations').selectAll().executeTakeFirstOrThrow()).state).toBe('done');
    // The invoice application stays for accounting (header, tax number, amount), its owner an opaque id.
    const kept = await t.db
      .selectFrom('invoice_applications')
      .innerJoin('users', 'users.id', 'invoice_applications.user_id')
      .select(['users.phone', 'head', 'name', 'post_phone_number', 'address'])
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ head: '某某公司', name: '', post_phone_number: '', address: '' });
    expect(kept.phone).toMatch(/^cancelled:\d+$/);
  });
});
