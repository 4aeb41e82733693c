import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Envelope,
  NotaryDeskDetail,
  NotaryDeskList,
  NotaryDetail,
  NotaryList,
  NotaryOrder,
  NotaryPayment,
  NotaryState,
} from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { sweepOrphansNow } from '../../test-support/files';
import { register } from '../../test-support/flows';
import { deskStaff, reviewKyc, staffGet, staffPost } from '../../test-support/staff';
import { get, multipartBody, PNG_BYTES, preserve, pngWith } from '../../test-support/uploads';
import { copyText, shownNotification } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { NOTARY_POINTS_PER_RECORD: '20' } });
  // The reviewer and the notary clerk sign in once, before the first test's clock starts.
  await deskStaff(t, 'reviewer');
  await deskStaff(t, 'notary');
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const PNG = pngWith(randomBytes(300));
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]);
const PERSON = { userName: '赵六', contactIdcard: '11010119900307803X', authorSex: '2', address: '上海市浦东新区1号', agree: '1' };

/** The personal verification as the form sends it: the fields, then three images. */
function kycMultipart(fields: Record<string, string>, files: Record<string, Buffer>) {
  const boundary = `----transfer${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, content] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function verifiedUser(phone: string): Promise<string> {
  const { token } = await register(t, phone);
  const { payload, contentType } = kycMultipart(PERSON, { authorFront: PNG, authorBack: PNG, authorHand: PNG });
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/peruser/perAuthorize',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  expect(submitted.json<Envelope<null>>().code).toBe(200);
  await reviewKyc(t, phone);
  const { payload: seal, contentType: sealType } = multipartBody(
    { name: '公章', isDefault: '1' },
    { name: 'seal.png', content: PNG_BYTES, type: 'image/png' },
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/signature/upload',
    headers: { 'content-type': sealType, authorization: `Bearer ${token}` },
    payload: seal,
  });
  expect(uploaded.json<Envelope<unknown>>().code).toBe(200);
  return token;
}

const state = (token: string, orderId: number) => get<NotaryState>(t, `/api/notary/state?orderId=${orderId}`, token);
const detail = (token: string, orderId: number) => get<NotaryDetail>(t, `/api/notary/detail?orderId=${orderId}&page=1`, token);
const list = (token: string, query = '') => get<NotaryList>(t, `/api/notary/list?${query}`, token);
const transfer = async (token: string | undefined, orderId: number, body: Buffer, contentType = 'application/octet-stream') => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/notary/transfer?orderId=${orderId}&fileName=shot.png`,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  return response.json<Envelope<NotaryState>>();
};
/** The notary office's decision in the staff console (a notary clerk's session). */
const desk = async (id: number, action: 'confirm' | 'reject' | 'accept' | 'fail', reason = '') => {
  const path = { confirm: 'transfer/confirm', reject: 'transfer/reject', accept: 'accept', fail: 'fail' }[action];
  const form: Record<string, string> = action === 'reject' || action === 'fail' ? { id: String(id), reason } : { id: String(id) };
  const reply = await staffPost(t, `/api/staff/notary/${path}`, form, (await deskStaff(t, 'notary')).token);
  return { statusCode: reply.status, json: <T>() => reply.body as T };
};
const notaryToken = async () => (await deskStaff(t, 'notary')).token;
const pointsOf = async (phone: string) =>
  (await t.db.selectFrom('users').select('points').where('phone', '=', phone).executeTakeFirstOrThrow()).points / 100;
const notifications = async (phone: string) =>
  (
    await t.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['notifications.content', 'notifications.message_key', 'notifications.message_params'])
      .where('users.phone', '=', phone)
      .orderBy('notifications.id', 'desc')
      .execute()
  ).map(shownNotification);
/** Screenshots in the transfer folder's objects (files of other tests may be there: compare counts). */
const storedShots = async () =>
  (await readdir(join(t.dataDir, 'files', 'notary-transfers', 'objects'), { recursive: true, withFileTypes: true }).catch(() => [])).filter(
    (e) => e.isFile(),
  ).length;
const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });

/** A verified user with an order of two records brought to step 4 (a points payment order made), 100 points. */
async function atStep4(phone: string) {
  const token = await verifiedUser(phone);
  const records = [
    await preserve(t, token, { name: 'a.pdf', content: randomBytes(64) }, { label: '合同' }),
    await preserve(t, token, { name: 'b.pdf', content: randomBytes(64) }, { label: '合同' }),
  ];
  const created = await t.post<NotaryOrder>('/api/notary/create', { type: '1', ids: records.map((r) => r.id).join(',') }, token);
  const orderId = created.body.data.id;
  expect(
    (
      await t.post(
        '/api/notary/applicationForm',
        { orderId: String(orderId), purpose: '1', purposeNote: '', copies: '1', delivery: '1' },
        token,
      )
    ).body.code,
  ).toBe(200);
  expect((await t.post('/api/notary/sign', { orderId: String(orderId) }, token)).body.code).toBe(200);
  expect((await t.post('/api/notary/decode', { orderId: String(orderId), agree: '1' }, token)).body.code).toBe(200);
  const prepared = await t.post<NotaryPayment>('/api/notary/payment', { orderId: String(orderId) }, token);
  await sql`UPDATE users SET points = 10000 WHERE phone = ${phone}`.execute(t.db);
  return { token, orderId, orderNo: created.body.data.orderNo, proOrderNo: prepared.body.data.proOrderNo };
}

describe('step 4 by bank transfer', () => {
  it("shows the office's account and the amount, takes the screenshot without charging points, and waits for the office", async () => {
    const { token, orderId, proOrderNo } = await atStep4('13710000001');
    const before = (await state(token, orderId)).body.data;
    expect(before).toMatchObject({
      payMethod: 0,
      transfer: { status: 0, imageUrl: '', rejectReason: '' },
      bank: { accountName: copyText('notarisation:bankSandboxAccountName') },
    });
    expect(before.order.money).toBe(40);

    const sent = await transfer(token, orderId, JPEG);
    expect(sent).toMatchObject({ code: 200, msg: copyText('notarisation:transferPending') });
    expect(sent.data).toMatchObject({ payMethod: 2, notarialCode: 0, step: 4, transfer: { status: 1 } });
    expect(sent.data.order).toMatchObject({
      pay: copyText('notarisation:payConfirming'),
      payType: copyText('notarisation:payTypeTransfer'),
    });
    expect(await pointsOf('13710000001')).toBe(100);
    // The points payment order is cancelled: the order cannot be paid twice.
    expect((await t.post('/api/Evidences/pay', { order_no: proOrderNo }, token)).body.code).toBe(400);
    expect((await t.post('/api/notary/payment', { orderId: String(orderId) }, token)).body.msg).toBe(
      copyText('notarisation:transferPending'),
    );
    expect((await transfer(token, orderId, PNG)).msg).toBe(copyText('notarisation:transferPending'));
    expect(await pointsOf('13710000001')).toBe(100);

    // Pending in the list (filter 1), with its own words in the pay column; not among the paid (filter 2).
    expect((await list(token, 'payType=1')).body.data.list.map((r) => [r.id, r.pay, r.payCode, r.payMethod])).toEqual([
      [orderId, copyText('notarisation:payConfirming'), 1, 2],
    ]);
    expect((await list(token, 'payType=2')).body.data.count).toBe(0);

    // The screenshot opens through the signed link only; the desk lists it.
    const image = await fetchImage(sent.data.transfer.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG)).toBe(true);
    expect((await fetchImage(`/api/notary/transfer/${orderId}`)).statusCode).toBe(404);
    expect((await fetchImage(sent.data.transfer.imageUrl.replace(/sig=[^&]+/, 'sig=forged'))).statusCode).toBe(404);
    const queue = (await staffGet<NotaryDeskList>(t, '/api/staff/notary/list?state=transfer', await notaryToken())).body.data.list;
    expect(queue.map((q) => q.id)).toEqual([orderId]);
    const office = (await staffGet<NotaryDeskDetail>(t, `/api/staff/notary/detail?id=${orderId}`, await notaryToken())).body.data;
    expect(office.transferImageUrl).toContain(`/api/notary/transfer/${orderId}?exp=`);
    expect((await fetchImage(office.transferImageUrl)).statusCode).toBe(200);

    // A link dies when it expires.
    t.clock.advance(16 * 60 * 1000);
    expect((await fetchImage(sent.data.transfer.imageUrl)).statusCode).toBe(404);
  });

  it('refuses other types, oversize screenshots, no session and other users, storing nothing', async () => {
    const { token, orderId } = await atStep4('13710000002');
    const shots = await storedShots();
    expect(await transfer(token, orderId, Buffer.from('%PDF-1.4\n% not an image\n'))).toMatchObject({
      code: 400,
      msg: copyText('notarisation:transferImageType'),
    });
    expect(await transfer(token, orderId, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]))).toMatchObject({
      code: 400,
      msg: copyText('notarisation:transferImageTooLarge'),
    });
    expect(await transfer(token, orderId, Buffer.alloc(0))).toMatchObject({ code: 400 });
    expect((await transfer(token, orderId, PNG, 'application/x-www-form-urlencoded')).code).toBe(400);
    expect((await transfer(undefined, orderId, PNG)).code).toBe(408);
    const other = await verifiedUser('13710000003');
    expect(await transfer(other, orderId, PNG)).toMatchObject({ code: 404, msg: (await transfer(other, 999_999, PNG)).msg });
    expect(await storedShots()).toBe(shots);
    const row = await t.db
      .selectFrom('notary_orders')
      .select(['pay_method', 'transfer_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pay_method: null, transfer_at: null });
    // Another user's order answers as missing everywhere, and no link to its screenshot is made for them.
    expect((await transfer(token, orderId, PNG)).code).toBe(200);
    expect((await state(other, orderId)).body.code).toBe(404);
    expect((await detail(other, orderId)).body.code).toBe(404);
  });

  it('a points payment and a transfer sent at once: exactly one of them pays the order', async () => {
    const { token, orderId, proOrderNo } = await atStep4('13710000005');
    const [paid, sent] = await Promise.all([t.post('/api/Evidences/pay', { order_no: proOrderNo }, token), transfer(token, orderId, PNG)]);
    expect([paid.body.code, sent.code].filter((code) => code === 200)).toHaveLength(1);
    const row = await t.db
      .selectFrom('notary_orders')
      .select(['pay_method', 'paid_at', 'transfer_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (paid.body.code === 200) {
      expect(row).toMatchObject({ pay_method: 1, transfer_at: null });
      expect(await pointsOf('13710000005')).toBe(60);
    } else {
      expect(row).toMatchObject({ pay_method: 2, paid_at: null });
      expect(await pointsOf('13710000005')).toBe(100);
    }
  });

  it('refuses a screenshot before step 4', async () => {
    const token = await verifiedUser('13710000004');
    const record = await preserve(t, token, { name: 'c.pdf', content: randomBytes(64) }, { label: '合同' });
    const created = await t.post<NotaryOrder>('/api/notary/create', { type: '1', ids: String(record.id) }, token);
    const shots = await storedShots();
    expect((await transfer(token, created.body.data.id, PNG)).msg).toBe(copyText('notarisation:decodeFirst'));
    expect(await storedShots()).toBe(shots);
  });
});

describe('the office decides a transfer', () => {
  it('confirms: paid, in progress, the application form issued, the user notified; detail shows the method and the screenshot', async () => {
    const { token, orderId, orderNo } = await atStep4('13710000011');
    await transfer(token, orderId, PNG);
    expect((await desk(orderId, 'confirm')).json<Envelope<null>>().code).toBe(200);
    const info = (await detail(token, orderId)).body.data.info;
    expect(info).toMatchObject({
      notarialCode: 1,
      payCode: 2,
      pay: copyText('notarisation:payPaid'),
      payType: copyText('notarisation:payTypeTransfer'),
      payMethod: 2,
    });
    expect(info.documents.find((d) => d.type === 1)?.issued).toBe(1);
    expect((await fetchImage(info.tranImg)).rawPayload.equals(PNG)).toBe(true);
    expect(await notifications('13710000011')).toContain(copyText('notarisation:notifyTransferConfirmed', { orderNo }));
    expect(await pointsOf('13710000011')).toBe(100);
    // Decided once; the order now waits in the desk's queue of orders in progress.
    expect((await desk(orderId, 'confirm')).json<Envelope<null>>().msg).toBe(copyText('notarisation:transferNotPending'));
    expect((await desk(orderId, 'accept')).json<Envelope<null>>().code).toBe(200);
    // Failed by the office after confirmation: nothing in points to give back, the office returns the transfer.
    expect((await desk(orderId, 'fail', '数据无法解密')).json<Envelope<null>>().code).toBe(200);
    expect(await pointsOf('13710000011')).toBe(100);
    expect((await notifications('13710000011'))[0]).toBe(
      copyText('notarisation:notifyFailedTransfer', { orderNo, reason: '数据无法解密' }),
    );
  });

  it('rejects with a reason: back to step 4, the screenshot dropped, the user notified; then points may pay', async () => {
    const { token, orderId, orderNo } = await atStep4('13710000012');
    await sweepOrphansNow(t);
    const shots = await storedShots();
    const sent = await transfer(token, orderId, Buffer.concat([PNG.subarray(0, 8), randomBytes(300)]));
    expect(await storedShots()).toBe(shots + 1);
    // The console's desk asks for the reason before anything changes.
    expect((await desk(orderId, 'reject')).statusCode).toBe(400);
    expect((await desk(orderId, 'reject', '未查询到该笔转账')).json<Envelope<null>>().code).toBe(200);
    const back = (await state(token, orderId)).body.data;
    expect(back).toMatchObject({
      step: 4,
      notarialCode: 0,
      payMethod: 0,
      transfer: { status: 2, imageUrl: '', rejectReason: '未查询到该笔转账' },
    });
    expect(back.order.pay).toBe(copyText('notarisation:payPending'));
    expect((await fetchImage(sent.data.transfer.imageUrl)).statusCode).toBe(404);
    // The dropped screenshot is an orphan now: the sweep deletes it (never the request).
    expect(await storedShots()).toBe(shots + 1);
    await sweepOrphansNow(t);
    expect(await storedShots()).toBe(shots);
    expect((await notifications('13710000012'))[0]).toBe(
      copyText('notarisation:notifyTransferRejected', { orderNo, reason: '未查询到该笔转账' }),
    );
    const prepared = await t.post<NotaryPayment>('/api/notary/payment', { orderId: String(orderId) }, token);
    expect((await t.post('/api/Evidences/pay', { order_no: prepared.body.data.proOrderNo }, token)).body.code).toBe(200);
    expect((await detail(token, orderId)).body.data.info).toMatchObject({
      payType: copyText('capture:queue.points'),
      payMethod: 1,
      tranImg: '',
      notarialCode: 1,
    });
  });

  it('a transfer stopped before confirmation is voided with nothing to refund', async () => {
    const { token, orderId, orderNo } = await atStep4('13710000013');
    await transfer(token, orderId, PNG);
    expect((await t.post('/api/Evidences/stop', { orderId: String(orderId) }, token)).body.code).toBe(200);
    expect((await detail(token, orderId)).body.data.info).toMatchObject({ notarialCode: 3, payCode: 0 });
    expect(await pointsOf('13710000013')).toBe(100);
    expect((await notifications('13710000013'))[0]).toBe(copyText('notarisation:notifyStoppedTransfer', { orderNo }));
    expect((await desk(orderId, 'confirm')).json<Envelope<null>>().msg).toBe(copyText('notarisation:transferNotPending'));
  });
});
