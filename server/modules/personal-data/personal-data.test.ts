import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import type { PersonalDataStatus } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { passwordLogin, PASSWORD, register } from '../../test-support/flows';
import { PERSON_FIELDS } from '../../test-support/kyc';
import { imageParts, multipartBody, PNG_BYTES, preserve } from '../../test-support/uploads';
import { captureModuleOf } from '../capture/routes';
import { maskId } from './collect';
import { csvCell, toCsv } from './csv';
import { copyText } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { CAPTURE_WORKERS: '0' } });
});
beforeEach(async () => {
  await t.reset();
  await t.db.deleteFrom('jobs').execute();
});
afterAll(async () => {
  await t.close();
});

const jobs = () => captureModuleOf(t.app)!.service.jobs;
const start = (token: string) => t.post<PersonalDataStatus>('/api/personalData/start', {}, token);
const status = (token: string) => t.post<PersonalDataStatus>('/api/personalData/status', {}, token);
const download = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
/** The one-time link the page asks for, with the session, when the owner clicks download. */
const linkFor = (token: string) => t.post<{ url: string; expiresAt: number }>('/api/personalData/downloadLink', {}, token);

async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await fromBufferPromise(zip, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for await (const entry of archive.eachEntry()) {
    const stream = await archive.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  return out;
}

const userIdOf = async (phone: string) =>
  (await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

/** One account with data in every section; `n` makes each value its own. */
async function populate(phone: string, n: number) {
  const { token } = await register(t, phone);
  const userId = await userIdOf(phone);
  const name = n === 1 ? '=HYPERLINK("http://evil")' : `收件人乙${n}`;
  const address = await t.post(
    '/api/User/addAddress',
    {
      name: n === 1 ? '张三甲' : name,
      province: '110000',
      city: '110100',
      area: '110101',
      address: `长安街${n}0${n}号`,
      phoneNumber: `1390000000${n}`,
      email: `u${n}@example.com`,
    },
    token,
  );
  expect(address.body.code, address.body.msg).toBe(200);
  const header = await t.post(
    '/api/User/addInvoice',
    { type: 'ENTERPRISE', head: `抬头公司${n}`, taxNum: n === 1 ? '91440300708461136T' : '91110000600037341L' },
    token,
  );
  expect(header.body.code, header.body.msg).toBe(200);
  const person = multipartBody(
    { ...PERSON_FIELDS, userName: n === 1 ? '赵六' : '钱七', contactIdcard: n === 1 ? PERSON_FIELDS.contactIdcard : '110101199003076512' },
    imageParts({ authorFront: PNG_BYTES, authorBack: PNG_BYTES, authorHand: PNG_BYTES }),
  );
  const kyc = await t.app.inject({
    method: 'POST',
    url: '/api/peruser/perAuthorize',
    headers: { 'content-type': person.contentType, authorization: `Bearer ${token}` },
    payload: person.payload,
  });
  expect(kyc.json<{ code: number; msg: string }>().msg).toBeTruthy();
  const seal = multipartBody(
    { name: `印章${n}`, isDefault: '1' },
    { name: 'seal.png', content: PNG_BYTES, type: 'image/png', field: 'file' },
  );
  const sealed = await t.app.inject({
    method: 'POST',
    url: '/api/signature/upload',
    headers: { 'content-type': seal.contentType, authorization: `Bearer ${token}` },
    payload: seal.payload,
  });
  expect(sealed.json<{ code: number }>().code).toBe(200);
  const evidence = await preserve(t, token, { name: `合同${n}.pdf`, content: Buffer.from(`%PDF-1.4\nuser ${n}\n`) });
  const now = t.clock.now();
  await t.db
    .insertInto('orders')
    .values({
      order_no: `R2026000${n}`,
      user_id: userId,
      type: 1,
      description: `-充值${n}`,
      amount: 10000,
      status: 2,
      pay_type: 2,
      created_at: now,
      expires_at: now,
      paid_at: now,
    })
    .execute();
  await t.db
    .insertInto('points_ledger')
    .values({
      user_id: userId,
      order_no: `R2026000${n}`,
      kind: 'spend',
      amount: -250,
      balance_after: 9750,
      description: `+消费${n}`,
      created_at: now,
    })
    .execute();
  await t.db
    .insertInto('invoice_applications')
    .values({
      apply_no: `FP2026000${n}`,
      user_id: userId,
      amount: 10000,
      order_count: 1,
      type: 'ENTERPRISE',
      head: `抬头公司${n}`,
      tax_num: 'X',
      name: `开票收件人${n}`,
      remark: `他说"好"${n}`,
      post_phone_number: `1370000000${n}`,
      address: `开票地址${n}`,
      created_at: now,
    })
    .execute();
  const evidenceId = (await t.db.selectFrom('evidence').select('id').where('baoquan', '=', evidence.baoquan).executeTakeFirstOrThrow()).id;
  await t.db
    .insertInto('captures')
    .values({
      user_id: userId,
      kind: 'web',
      state: 'done',
      title: `网页取证${n}`,
      url: `https://example.com/page-${n}`,
      price: 200,
      files: JSON.stringify([{ name: 'page.png', role: 'screenshot', key: `k${n}`, sha256: 'a'.repeat(64), size: 3, mime: 'image/png' }]),
      evidence_id: evidenceId,
      order_no: `C2026000${n}`,
      created_at: now,
      finished_at: now,
    })
    .execute();
  await t.db
    .insertInto('captures')
    .values({
      user_id: userId,
      kind: 'web',
      state: 'failed',
      title: `超时${n}`,
      url: `https://slow.example/${n}`,
      reason: 'timeout',
      price: 0,
      created_at: now,
    })
    .execute();
  const notary = await t.db
    .insertInto('notary_orders')
    .values({
      order_no: `GZ2026000${n}`,
      user_id: userId,
      type: 1,
      step: 4,
      notarial: 1,
      record_count: 1,
      price_per_record: 5000,
      amount: 5000,
      application: JSON.stringify({
        applicant: {
          status: 1,
          name: `申请人${n}`,
          idNumber: `11010119900307${n}51X`,
          contactName: `申请人${n}`,
          contactPhone: '138****0000',
        },
        purpose: 4,
        purposeNote: `合同纠纷${n}`,
        copies: 2,
        delivery: 2,
        address: { id: 1, name: `收件${n}`, phone: `1360000000${n}`, text: `公证邮寄地址${n}` },
      }),
      pay_method: 1,
      created_at: now,
      paid_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('notary_items').values({ order_id: notary.id, position: 0, evidence_id: evidenceId }).execute();
  await t.db
    .insertInto('notary_documents')
    .values([1, 2].map((type) => ({ order_id: notary.id, type, issued_at: now, file_key: null })))
    .execute();
  return { token, userId, phone, evidence };
}

/** Starts an export, runs the queue, reads the ready export's link and the zip behind it. */
async function exportOf(token: string) {
  const started = await start(token);
  expect(started.body.code).toBe(200);
  expect(started.body.data.export?.state).toBe('queued');
  await jobs().drain();
  const ready = (await status(token)).body.data.export!;
  expect(ready.state).toBe('ready');
  expect(ready.progress).toBe(100);
  const link = await linkFor(token);
  expect(link.body.code).toBe(200);
  const response = await download(link.body.data.url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return { ready, zip: response.rawPayload, files: await unzip(response.rawPayload) };
}

describe('a copy of my personal data', () => {
  it("holds every section of the account's own data, as JSON and CSV, and nothing of another account", async () => {
    const first = await populate('13800000001', 1);
    const second = await populate('13800000002', 2);
    const { zip, files } = await exportOf(first.token);

    const names = [...files.keys()];
    for (const section of [
      'profile',
      'verification',
      'addresses',
      'invoice-headers',
      'invoice-applications',
      'orders',
      'points-ledger',
      'notifications',
      'seals',
      'evidence',
      'captures',
      'notary-orders',
    ])
      expect(names).toEqual(expect.arrayContaining([`${section}.json`, `${section}.csv`]));
    expect(names).toContain('README.md');
    expect(files.get('README.md')!.toString('utf8')).toContain('evidence.csv');
    expect(names.filter((n) => n.startsWith('seals/'))).toHaveLength(1);

    const json = (name: string) => JSON.parse(files.get(`${name}.json`)!.toString('utf8')) as Record<string, unknown>[];
    expect(json('profile')).toEqual([expect.objectContaining({ userId: first.userId, phone: '13800000001' })]);
    expect(json('addresses')).toEqual([expect.objectContaining({ name: '张三甲', phone: '13900000001' })]);
    expect(json('invoice-headers')).toEqual([expect.objectContaining({ head: '抬头公司1' })]);
    expect(json('invoice-applications')).toEqual([expect.objectContaining({ applyNo: 'FP20260001', recipient: '开票收件人1' })]);
    expect(json('orders')).toEqual([expect.objectContaining({ orderNo: 'R20260001', amount: 100 })]);
    expect(json('points-ledger')).toEqual([expect.objectContaining({ amount: -2.5, balanceAfter: 97.5 })]);
    expect(json('seals')).toEqual([expect.objectContaining({ name: '印章1', image: expect.stringMatching(/^seals\/\d+\.png$/) })]);
    expect(json('evidence')).toEqual([
      expect.objectContaining({ baoquan: first.evidence.baoquan, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    expect(json('captures')).toEqual([
      expect.objectContaining({
        kind: 'web',
        state: 'done',
        url: 'https://example.com/page-1',
        points: 2,
        files: 'page.png',
        baoquan: first.evidence.baoquan,
        orderNo: 'C20260001',
      }),
      // A failure reason in the words the user saw.
      expect.objectContaining({
        state: 'failed',
        url: 'https://slow.example/1',
        failReason: copyText('capture:reason_timeout'),
        baoquan: '',
      }),
    ]);
    expect(json('notary-orders')).toEqual([
      expect.objectContaining({
        orderNo: 'GZ20260001',
        notarial: 1,
        records: first.evidence.baoquan,
        points: 50,
        applicantName: '申请人1',
        applicantIdNumber: `1${'*'.repeat(16)}X`,
        purposeNote: '合同纠纷1',
        deliveryAddress: '收件1 13600000001 公证邮寄地址1',
        documents: '1 2',
      }),
    ]);
    expect(files.get('README.md')!.toString('utf8')).toContain('notary-orders.csv');
    const seal = json('seals')[0]!;
    expect(files.get(String(seal.image))!.equals(PNG_BYTES)).toBe(true);
    // The ready notice is in the user's notifications (the copy was made before it: it lists the welcome).
    expect(json('notifications').length).toBeGreaterThan(0);

    // Nothing of the second account, in any file, compressed or not.
    const everything = Buffer.concat([zip, ...files.values()]).toString('utf8');
    for (const foreign of [
      second.phone,
      '钱七',
      '收件人乙2',
      '长安街202号',
      '抬头公司2',
      'FP20260002',
      '开票收件人2',
      'R20260002',
      '印章2',
      second.evidence.baoquan,
      '110101199003076512',
      '13900000002',
      'https://example.com/page-2',
      'C20260002',
      'GZ20260002',
      '合同纠纷2',
      '公证邮寄地址2',
    ])
      expect(everything, foreign).not.toContain(foreign);
  });

  it('masks identity numbers but their first and last characters', async () => {
    const first = await populate('13800000001', 1);
    const { files } = await exportOf(first.token);
    const rows = JSON.parse(files.get('verification.json')!.toString('utf8')) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    const id = PERSON_FIELDS.contactIdcard;
    expect(rows[0]!['field.contactIdcard']).toBe(`${id[0]}${'*'.repeat(id.length - 2)}${id.at(-1)}`);
    expect(rows[0]!['field.userName']).toBe('赵六');
    const raw = [...files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(raw).not.toContain(id);
    expect(raw).not.toContain(id.slice(1, -1));
    expect(maskId('ab')).toBe('**');
    expect(maskId('abc')).toBe('a*c');
  });

  it('writes CSV a spreadsheet opens: BOM, CRLF, quoted fields, formulas guarded', async () => {
    const first = await populate('13800000001', 1);
    const { files } = await exportOf(first.token);
    const orders = files.get('orders.csv')!;
    expect([...orders.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = orders.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toMatch(/^"orderNo","type","description","amount"/);
    expect(text).toContain(`"'-充值1"`);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(files.get('points-ledger.csv')!.toString('utf8')).toContain(`,-2.5,97.5,"'+消费1"`);
    expect(files.get('invoice-applications.csv')!.toString('utf8')).toContain('"他说""好""1"');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell(-3)).toBe('-3');
    expect(toCsv([{ a: 'x', b: null }]).toString('utf8')).toBe('\uFEFF"a","b"\r\n"x",""\r\n');
  });

  it('runs one export at a time; repeated starts answer the running one', async () => {
    const { token } = await register(t, '13800000001');
    const a = (await start(token)).body.data.export!;
    const b = (await start(token)).body.data.export!;
    expect(b.id).toBe(a.id);
    expect(await t.db.selectFrom('jobs').select('id').where('kind', '=', 'personal-data.export').execute()).toHaveLength(1);
    await jobs().drain();
    const c = (await start(token)).body.data.export!;
    expect(c.id).not.toBe(a.id);
  });

  it('tells the user by notification, and the link and the file expire after 24 hours', async () => {
    const { token } = await register(t, '13800000001');
    const { ready } = await exportOf(token);
    const news = await t.post<{ list: { str: string; subject: unknown }[] }>('/api/News/listing', { page: '1' }, token);
    expect(news.body.data.list[0]).toMatchObject({ subject: { kind: 'personalData', ref: String(ready.id) } });
    const row = await t.db.selectFrom('personal_data_exports').selectAll().executeTakeFirstOrThrow();
    const store = await import('../../files/stores');
    const files = store.openStore((await import('../../config')).testConfig({ DATA_DIR: t.dataDir }), 'personalData');
    expect(await files.has(row.file_key!)).toBe(true);

    const unused = (await linkFor(token)).body.data.url;
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const gone = await download(unused);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404, data: null });
    const again = (await passwordLogin(t, '13800000001', PASSWORD)).body.data.token;
    expect((await status(again)).body.data.export).toMatchObject({ state: 'expired' });
    expect((await linkFor(again)).body).toMatchObject({ code: 404, data: null });
    await jobs().drain();
    expect(await files.has(row.file_key!)).toBe(false);
    expect(await t.db.selectFrom('personal_data_exports').select(['state', 'file_key']).executeTakeFirstOrThrow()).toEqual({
      state: 'expired',
      file_key: null,
    });
  });

  it('answers a guessed, altered or foreign link as if it did not exist, and hostile input with the envelope', async () => {
    const first = await populate('13800000001', 1);
    const { ready } = await exportOf(first.token);
    const { token: other } = await register(t, '13800000002');
    const url = new URL((await linkFor(first.token)).body.data.url, 'http://x');
    const variants = [
      url.pathname + url.search.replace(/n=[^&]+/, 'n=AAAAAAAAAAAAAAAAAAAAAAAA'),
      url.pathname + url.search.replace(/sig=[^&]+/, 'sig=AAAA'),
      url.pathname + url.search.replace(/e=\d+/, 'e=999'),
      url.pathname + url.search.replace(/u=\d+/, 'u=2'),
      url.pathname + url.search.replace(/exp=\d+/, 'exp=99999999999'),
      `${url.pathname}?e=1&u=1`,
      `${url.pathname}?e=${ready.id}&u=${first.userId}`,
      `${url.pathname}?e[]=1&u=1&exp=1&sig=x`,
      `${url.pathname}?e=${'9'.repeat(5000)}&u=1&exp=1&sig=x`,
      url.pathname,
    ];
    const answers = await Promise.all(variants.map((v) => download(v)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    expect(answers[0]!.json<{ msg: string }>().msg).toMatch(/\p{Script=Han}/u);
    // The other user sees no export of the first.
    expect((await status(other)).body.data.export).toBeNull();
    // Without a session, and with hostile bodies: the envelope, never a 500.
    const anonymous = await t.post('/api/personalData/start', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(408);
    const hostile = await t.app.inject({
      method: 'POST',
      url: '/api/personalData/start',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other}` },
      payload: '{"__proto__": {"x": 1}, "userId": 1',
    });
    expect(hostile.statusCode).toBeLessThan(500);
    expect(hostile.json()).toHaveProperty('code');
    const injected = await t.app.inject({
      method: 'POST',
      url: '/api/personalData/status',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other}` },
      payload: JSON.stringify({ userId: first.userId, id: ready.id }),
    });
    expect(injected.json()).toMatchObject({ code: 200, data: { export: null } });
  });

  it("downloads only in its owner's session: a one-time link of a minute, made for that session", async () => {
    const first = await populate('13800000001', 1);
    const { ready } = await exportOf(first.token);
    const { token: other } = await register(t, '13800000002');
    // The status call carries no link any more: nothing there downloads with another session or none.
    expect((await status(first.token)).body.data.export).not.toHaveProperty('link');
    const missing = (answer: Awaited<ReturnType<typeof download>>) => {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 404, data: null });
    };

    // The owner's link downloads once; the same link again is refused as missing.
    const link = (await linkFor(first.token)).body.data;
    expect(link.expiresAt - Math.floor(t.clock.now().getTime() / 1000)).toBe(60);
    const once = await download(link.url);
    expect(once.statusCode).toBe(200);
    missing(await download(link.url));
    missing(await download(link.url, first.token));

    // A link left unused for more than its minute.
    const late = (await linkFor(first.token)).body.data.url;
    t.clock.advance(61_000);
    missing(await download(late));
    // A new link replaces the previous one.
    const older = (await linkFor(first.token)).body.data.url;
    const newer = (await linkFor(first.token)).body.data.url;
    missing(await download(older));
    expect((await download(newer)).statusCode).toBe(200);

    // Another user's session, or none: no link to this copy, and the download path without one is missing.
    const theirs = await linkFor(other);
    expect(theirs.body).toMatchObject({ code: 404, data: null });
    const anonymous = await t.post('/api/personalData/downloadLink', {});
    expect(anonymous.body.code).toBe(408);
    const path = `/api/personalData/download?e=${ready.id}&u=${first.userId}`;
    missing(await download(path, other));
    missing(await download(path));
    missing(await download('/api/personalData/download', first.token));
  });
});
