import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  NotaryDeskList,
  Envelope,
  Evidence,
  NotaryDetail,
  NotaryDownload,
  NotaryList,
  NotaryOrder,
  NotaryPayment,
  NotaryState,
  OrderList,
} from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { PERSON_FIELDS } from '../../test-support/kyc';
import { attachCertificate, deskStaff, reviewKyc, staffGet, staffPost } from '../../test-support/staff';
import { get, imageParts, multipartBody, PNG_BYTES, preserve, pngWith } from '../../test-support/uploads';
import { copyText, validationText, shownNotification } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { NOTARY_POINTS_PER_RECORD: '20' } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const PNG = pngWith(randomBytes(300));

const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** A person verified by documents through the API and the staff console's review desk, as a tester would. */
async function verifiedUser(phone: string): Promise<string> {
  const { token } = await register(t, phone);
  const { payload, contentType } = multipartBody(PERSON_FIELDS, imageParts({ authorFront: PNG, authorBack: PNG, authorHand: PNG }));
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/peruser/perAuthorize',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  expect(submitted.json<Envelope<null>>().code).toBe(200);
  await reviewKyc(t, phone);
  return token;
}

async function uploadSeal(token: string) {
  const { payload, contentType } = multipartBody(
    { name: '公章', isDefault: '1' },
    { name: 'seal.png', content: PNG_BYTES, type: 'image/png' },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/signature/upload',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  expect(response.json<Envelope<unknown>>().code).toBe(200);
}

const evidence = (token: string, name = 'contract.pdf') => preserve(t, token, { name, content: randomBytes(64) }, { label: '合同' });
const userIdOf = async (phone: string) =>
  (await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
const setPoints = (phone: string, points: number) => sql`UPDATE users SET points = ${points * 100} WHERE phone = ${phone}`.execute(t.db);
const pointsOf = async (phone: string) =>
  (await t.db.selectFrom('users').select('points').where('phone', '=', phone).executeTakeFirstOrThrow()).points / 100;

const create = (token: string, ids: number[], type = '1') =>
  t.post<NotaryOrder & { step: number }>('/api/notary/create', { type, ids: ids.join(',') }, token);
const state = (token: string, orderId: number) => get<NotaryState>(t, `/api/notary/state?orderId=${orderId}`, token);
const saveForm = (token: string, orderId: number, fields: Record<string, string> = {}) =>
  t.post<NotaryState>(
    '/api/notary/applicationForm',
    { orderId: String(orderId), purpose: '1', purposeNote: '', copies: '2', delivery: '1', ...fields },
    token,
  );
const sign = (token: string, orderId: number) => t.post<NotaryState>('/api/notary/sign', { orderId: String(orderId) }, token);
const decode = (token: string, orderId: number, agree = '1') =>
  t.post<NotaryState>('/api/notary/decode', { orderId: String(orderId), agree }, token);
const payment = (token: string, orderId: number) => t.post<NotaryPayment>('/api/notary/payment', { orderId: String(orderId) }, token);
const pay = (token: string, orderNo: string) => t.post<{ points: number }>('/api/Evidences/pay', { order_no: orderNo }, token);
const stop = (token: string, orderId: number) => t.post<{ msg: string }>('/api/Evidences/stop', { orderId: String(orderId) }, token);
const list = (token: string, query = '') => get<NotaryList>(t, `/api/notary/list?${query}`, token);
const detail = (token: string, orderId: number, page = 1) =>
  get<NotaryDetail>(t, `/api/notary/detail?orderId=${orderId}&page=${page}`, token);
const download = (token: string, orderId: number, type: number) =>
  get<NotaryDownload>(t, `/api/notary/download?orderId=${orderId}&type=${type}`, token);
/** The notary office's decision in the staff console (a notary clerk's session). */
const desk = async (id: number, action: 'accept' | 'complete' | 'fail', reason = '') => {
  const token = (await deskStaff(t, 'notary')).token;
  if (action === 'complete') await attachCertificate(t, id, token);
  const reply = await staffPost(
    t,
    `/api/staff/notary/${action}`,
    action === 'fail' ? { id: String(id), reason } : { id: String(id) },
    token,
  );
  return { statusCode: reply.status, json: <T>() => reply.body as T };
};
const officeQueue = async (state = 'waiting') =>
  (await staffGet<NotaryDeskList>(t, `/api/staff/notary/list?state=${state}`, (await deskStaff(t, 'notary')).token)).body.data;
const notifications = async (phone: string) =>
  (
    await t.db
      .selectFrom('notifications')
      .select(['content', 'message_key', 'message_params'])
      .where('user_id', '=', await userIdOf(phone))
      .orderBy('id', 'desc')
      .execute()
  ).map(shownNotification);
const countRows = async (table: 'notary_orders' | 'notary_items' | 'orders') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** A verified user with a default seal, two records and an order brought to step 4 with its payment order. */
async function readyToPay(phone: string, points = 100) {
  const token = await verifiedUser(phone);
  await uploadSeal(token);
  const records = [await evidence(token, 'a.pdf'), await evidence(token, 'b.pdf')];
  const created = await create(
    token,
    records.map((r) => r.id),
  );
  const orderId = created.body.data.id;
  expect((await saveForm(token, orderId)).body.code).toBe(200);
  expect((await sign(token, orderId)).body.code).toBe(200);
  expect((await decode(token, orderId)).body.code).toBe(200);
  const prepared = await payment(token, orderId);
  expect(prepared.body.code).toBe(200);
  await setPoints(phone, points);
  return { token, orderId, records, proOrderNo: prepared.body.data.proOrderNo, orderNo: created.body.data.orderNo };
}

describe('creating an order', () => {
  it('makes an unfinished order (step 1) of the chosen records of one type, priced per record', async () => {
    const token = await verifiedUser('13700000001');
    const [a, b] = [await evidence(token), await evidence(token)] as [Evidence, Evidence];
    const created = await create(token, [b.id, a.id, b.id]);
    expect(created.body).toMatchObject({ code: 200, msg: copyText('notarisation:created') });
    expect(created.body.data).toMatchObject({
      type: 1,
      step: 1,
      money: 40,
      pay: copyText('notarisation:payPending'),
      payType: '',
      addOrder: 0,
      proOrderNo: '',
    });
    expect(created.body.data.orderNo).toMatch(/^N\d{20}$/);
    const rows = (await list(token)).body.data;
    expect(rows.count).toBe(1);
    expect(rows.list[0]).toMatchObject({ number: 2, step: 1, notarial: '', notarialCode: 0, payCode: 1, money: 40 });
    const items = (await detail(token, created.body.data.id)).body.data.list;
    expect(items.map((i) => i.id)).toEqual([b.id, a.id]);
  });

  it("refuses bad input, other types, other users' records and unverified users, storing nothing", async () => {
    const token = await verifiedUser('13700000002');
    const mine = await evidence(token);
    const other = await register(t, '13700000003');
    const theirs = await evidence(other.token);
    expect((await t.post('/api/notary/create', { type: '1', ids: '' }, token)).body.msg).toBe(copyText('validation:notaryRecordsRequired'));
    expect((await t.post('/api/notary/create', { type: '9', ids: String(mine.id) }, token)).body.msg).toBe(
      copyText('validation:notaryTypeRequired'),
    );
    expect((await t.post('/api/notary/create', { type: '1', ids: 'x' }, token)).body.code).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect((await t.post('/api/notary/create', { type: '1', ids: many }, token)).body.msg).toBe(copyText('validation:notaryRecordsMax'));
    expect((await create(token, [mine.id], '3')).body).toMatchObject({ code: 400, msg: copyText('notarisation:typeMismatch') });
    expect((await create(token, [mine.id, theirs.id])).body).toMatchObject({ code: 404, msg: copyText('preservation:notFound') });
    expect((await create(other.token, [theirs.id])).body).toMatchObject({ code: 400, msg: copyText('notarisation:notVerified') });
    expect((await t.post('/api/notary/create', { type: '1', ids: String(mine.id) })).body.code).toBe(408);
    expect(await countRows('notary_orders')).toBe(0);
    expect(await countRows('notary_items')).toBe(0);
  });

  it('asks a face-verified user for the supplement first', async () => {
    const { token } = await register(t, '13700000004');
    const started = await t.post<{ certify_id: string }>(
      '/api/peruser/aliIdentification',
      { username: '赵六', idCard: PERSON_FIELDS.contactIdcard, type: '1', agree: '1' },
      token,
    );
    await form('/sandbox/face', { certify_id: started.body.data.certify_id, result: 'pass' });
    const record = await evidence(token);
    expect((await create(token, [record.id])).body).toMatchObject({ code: 400, msg: copyText('notarisation:needsSupplement') });
  });
});

describe('the four steps', () => {
  it('goes form, signature, decryption, payment; each step only in its turn', async () => {
    const phone = '13700000011';
    const token = await verifiedUser(phone);
    const record = await evidence(token);
    const orderId = (await create(token, [record.id])).body.data.id;

    // Nothing before its turn.
    expect((await sign(token, orderId)).body.msg).toBe(copyText('notarisation:formFirst'));
    expect((await decode(token, orderId)).body.msg).toBe(copyText('notarisation:signFirst'));
    expect((await payment(token, orderId)).body.msg).toBe(copyText('notarisation:decodeFirst'));

    // Step 1: the applicant comes from the verification (ID masked); bad forms store nothing.
    const before = (await state(token, orderId)).body.data;
    expect(before).toMatchObject({
      step: 1,
      notarialCode: 0,
      number: 1,
      itemIds: [record.id],
      price: 20,
      application: null,
      seal: null,
      signedAt: '',
      decodeAt: '',
    });
    expect(before.applicant).toEqual({
      status: 1,
      name: '赵六',
      idNumber: '110***********803X',
      contactName: '赵六',
      contactPhone: '137****0011',
    });
    expect((await saveForm(token, orderId, { purpose: '' })).body.msg).toBe(copyText('validation:notaryPurposeRequired'));
    expect((await saveForm(token, orderId, { purpose: '4' })).body.msg).toBe(validationText('required|purposeNote'));
    expect((await saveForm(token, orderId, { purpose: '4', purposeNote: '<b>' })).body.msg).toBe(
      validationText('specialChars|purposeNote'),
    );
    expect((await saveForm(token, orderId, { copies: '0' })).body.msg).toBe(copyText('validation:notaryCopies'));
    expect((await saveForm(token, orderId, { copies: '11' })).body.msg).toBe(copyText('validation:notaryCopies'));
    expect((await saveForm(token, orderId, { delivery: '' })).body.msg).toBe(copyText('validation:notaryDeliveryRequired'));
    expect((await saveForm(token, orderId, { delivery: '2' })).body.msg).toBe(copyText('validation:notaryAddressRequired'));
    const stranger = await register(t, '13700000012');
    const theirAddress = await t.post<{ id: number }>(
      '/api/User/addAddress',
      {
        name: '王五',
        province: '110000',
        city: '110100',
        area: '110101',
        address: '东城区1号',
        phoneNumber: '13800138000',
        email: 'a@b.cn',
        status: '1',
      },
      stranger.token,
    );
    expect(theirAddress.body.code).toBe(200);
    expect((await saveForm(token, orderId, { delivery: '2', addressId: String(theirAddress.body.data.id) })).body.msg).toBe(
      copyText('notarisation:addressMissing'),
    );
    expect((await state(token, orderId)).body.data.step).toBe(1);

    const address = await t.post<{ id: number }>(
      '/api/User/addAddress',
      {
        name: '赵六',
        province: '310000',
        city: '310100',
        area: '310115',
        address: '世纪大道1号',
        phoneNumber: '13800138001',
        email: 'z@l.cn',
        status: '1',
      },
      token,
    );
    const saved = await saveForm(token, orderId, {
      purpose: '4',
      purposeNote: '合同纠纷',
      copies: '3',
      delivery: '2',
      addressId: String(address.body.data.id),
    });
    expect(saved.body).toMatchObject({ code: 200, msg: copyText('notarisation:formSaved') });
    expect(saved.body.data).toMatchObject({
      step: 2,
      application: { purpose: 4, purposeNote: '合同纠纷', copies: 3, delivery: 2, address: { name: '赵六', phone: '13800138001' } },
    });
    expect(saved.body.data.application?.address?.text).toContain('世纪大道1号');
    expect((await saveForm(token, orderId)).body.msg).toBe(copyText('notarisation:stepDone'));

    // Step 2: the default seal.
    expect((await sign(token, orderId)).body.msg).toBe(copyText('notarisation:noDefaultSeal'));
    await uploadSeal(token);
    expect((await state(token, orderId)).body.data.seal).toMatchObject({ name: '公章' });
    const signed = await sign(token, orderId);
    expect(signed.body).toMatchObject({ code: 200, msg: copyText('notarisation:signed'), data: { step: 3, seal: { name: '公章' } } });
    expect(signed.body.data.signedAt).not.toBe('');
    // The order keeps its copy of the seal: deleting the seal changes nothing.
    const seals = await t.post<{ list: { id: number }[] }>('/api/signature/listing', {}, token);
    await t.post('/api/signature/del', { id: String(seals.body.data.list[0]?.id) }, token);
    const sealLink = (await state(token, orderId)).body.data.seal?.picUrl ?? '';
    expect((await t.app.inject({ method: 'GET', url: sealLink })).statusCode).toBe(200);
    expect((await sign(token, orderId)).body.msg).toBe(copyText('notarisation:stepDone'));

    // Step 3: consent.
    expect((await decode(token, orderId, '0')).body.msg).toBe(copyText('validation:notaryDecodeConsent'));
    const decoded = await decode(token, orderId);
    expect(decoded.body).toMatchObject({ code: 200, msg: copyText('notarisation:decoded'), data: { step: 4 } });

    // Step 4: a payment order in /orders (tab 3), answered again while it lives.
    const prepared = await payment(token, orderId);
    expect(prepared.body.data).toMatchObject({ money: 20, price: 20, number: 1, points: 0, addOrder: 1 });
    const again = await payment(token, orderId);
    expect(again.body.data.proOrderNo).toBe(prepared.body.data.proOrderNo);
    const orders = await get<OrderList>(t, '/api/evidences/orderList?payType=1', token);
    expect(orders.body.data.list).toHaveLength(1);
    expect(orders.body.data.list[0]).toMatchObject({
      order_no: prepared.body.data.proOrderNo,
      type: 3,
      balance: 20,
      pay_status: copyText('notarisation:payPending'),
      notary: { id: orderId, type: 1 },
    });
    expect((await list(token)).body.data.list[0]).toMatchObject({
      step: 4,
      addOrder: 1,
      proOrderNo: prepared.body.data.proOrderNo,
      pay: copyText('notarisation:payPending'),
    });

    // Not enough points: refused, nothing changes.
    expect((await pay(token, prepared.body.data.proOrderNo)).body).toMatchObject({
      code: 400,
      msg: copyText('payment:insufficientPoints'),
    });
    expect((await state(token, orderId)).body.data.notarialCode).toBe(0);
    await setPoints(phone, 25);
    const paid = await pay(token, prepared.body.data.proOrderNo);
    expect(paid.body).toMatchObject({ code: 200, data: { points: 5 } });
    const row = (await list(token)).body.data.list[0];
    expect(row).toMatchObject({
      notarial: copyText('notarisation:notarialInProgress'),
      notarialCode: 1,
      pay: copyText('notarisation:payPaid'),
      payCode: 2,
    });
    expect((await detail(token, orderId)).body.data.info).toMatchObject({
      payType: copyText('capture:queue.points'),
      pay: copyText('notarisation:payPaid'),
      tranImg: '',
      money: 20,
    });
    // /orders tab 3 filters by the notarisation status of the order a payment pays.
    expect((await get<OrderList>(t, '/api/evidences/orderList?notarialType=1', token)).body.data.list.map((o) => o.order_no)).toEqual([
      prepared.body.data.proOrderNo,
    ]);
    expect((await get<OrderList>(t, '/api/evidences/orderList?notarialType=2', token)).body.data.count).toBe(0);

    // Paid: no step can be done again.
    expect((await saveForm(token, orderId)).body.msg).toBe(copyText('notarisation:orderPaid'));
    expect((await decode(token, orderId)).body.msg).toBe(copyText('notarisation:orderPaid'));
    expect((await payment(token, orderId)).body.msg).toBe(copyText('notarisation:orderPaid'));
    expect((await pay(token, prepared.body.data.proOrderNo)).body.code).toBe(400);
    expect(await pointsOf(phone)).toBe(5);
  });

  it('replaces a payment order cancelled on /orders or expired', async () => {
    const { token, orderId, proOrderNo } = await readyToPay('13700000013');
    expect((await t.post('/api/alipay/cancelPay', { order_no: proOrderNo }, token)).body.code).toBe(200);
    expect((await list(token)).body.data.list[0]).toMatchObject({ addOrder: 0, proOrderNo: '' });
    const second = (await payment(token, orderId)).body.data.proOrderNo;
    expect(second).not.toBe(proOrderNo);
    t.clock.advance(31 * 60 * 1000);
    expect((await pay(token, second)).body.code).toBe(400);
    const third = (await payment(token, orderId)).body.data.proOrderNo;
    expect(third).not.toBe(second);
    expect((await pay(token, third)).body.code).toBe(200);
  });

  it('charges the price once under concurrent payments', async () => {
    const phone = '13700000014';
    const { token, proOrderNo } = await readyToPay(phone, 100);
    const replies = await Promise.all(Array.from({ length: 6 }, () => pay(token, proOrderNo)));
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(await pointsOf(phone)).toBe(60);
    const debits = await t.db.selectFrom('points_ledger').select('amount').where('order_no', '=', proOrderNo).execute();
    expect(debits).toEqual([{ amount: -4000 }]);
  });

  it("answers another user's order exactly as a missing one", async () => {
    const { orderId } = await readyToPay('13700000015');
    const other = await verifiedUser('13700000016');
    const missing = { code: 404, msg: copyText('notarisation:orderMissing') };
    expect((await state(other, orderId)).body).toMatchObject(missing);
    expect((await state(other, 999_999)).body).toMatchObject(missing);
    expect((await detail(other, orderId)).body).toMatchObject(missing);
    expect((await saveForm(other, orderId)).body).toMatchObject(missing);
    expect((await sign(other, orderId)).body).toMatchObject(missing);
    expect((await decode(other, orderId)).body).toMatchObject(missing);
    expect((await payment(other, orderId)).body).toMatchObject(missing);
    expect((await stop(other, orderId)).body).toMatchObject(missing);
    expect((await download(other, orderId, 1)).body).toMatchObject(missing);
    expect((await list(other)).body.data.count).toBe(0);
    expect((await get(t, `/api/notary/state?orderId=${orderId}`)).body.code).toBe(408);
  });
});

describe('stop', () => {
  it('voids an unfinished order and cancels its payment order; nothing can follow', async () => {
    const { token, orderId, proOrderNo } = await readyToPay('13700000021');
    const stopped = await stop(token, orderId);
    expect(stopped.body).toMatchObject({
      code: 200,
      msg: copyText('notarisation:stopped'),
      data: { orderId, msg: copyText('notarisation:stopped') },
    });
    expect((await list(token)).body.data.list[0]).toMatchObject({
      notarial: copyText('notarisation:notarialVoided'),
      notarialCode: 3,
      pay: '',
      payCode: 0,
      addOrder: 0,
    });
    const payOrder = await t.db
      .selectFrom('orders')
      .select(['status', 'close_reason'])
      .where('order_no', '=', proOrderNo)
      .executeTakeFirstOrThrow();
    expect(payOrder).toEqual({ status: 4, close_reason: 'voided' });
    expect((await pay(token, proOrderNo)).body.code).toBe(400);
    expect((await payment(token, orderId)).body.msg).toBe(copyText('notarisation:orderVoided'));
    expect((await stop(token, orderId)).body.msg).toBe(copyText('notarisation:orderVoided'));
    expect((await download(token, orderId, 1)).body.msg).toBe(copyText('notarisation:notPaid'));
  });

  it('refunds a paid order the office has not accepted, once, under concurrent stops', async () => {
    const phone = '13700000022';
    const { token, orderId, proOrderNo } = await readyToPay(phone, 100);
    await pay(token, proOrderNo);
    expect(await pointsOf(phone)).toBe(60);
    const replies = await Promise.all(Array.from({ length: 5 }, () => stop(token, orderId)));
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.body.msg === copyText('notarisation:orderVoided'))).toHaveLength(4);
    expect(await pointsOf(phone)).toBe(100);
    const entries = await t.db
      .selectFrom('points_ledger')
      .select(['kind', 'amount'])
      .where('order_no', '=', proOrderNo)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { kind: 'spend', amount: -4000 },
      { kind: 'refund', amount: 4000 },
    ]);
    expect((await list(token)).body.data.list[0]).toMatchObject({ notarialCode: 3, pay: copyText('notarisation:payRefunded'), payCode: 3 });
    const tab3 = await get<OrderList>(t, '/api/evidences/orderList', token);
    expect(tab3.body.data.list[0]).toMatchObject({ order_no: proOrderNo, pay_status: copyText('notarisation:payRefunded') });
    expect((await notifications(phone))[0]).toContain('40.00 积分已退还');
    // The desk has nothing left to do with it.
    expect((await desk(orderId, 'accept')).json<Envelope<null>>().msg).toBe(copyText('notarisation:deskNotInProgress'));
  });

  it("a payment, stops and the office's refusal racing: the points leave and come back at most once", async () => {
    const phone = '13700000024';
    const { token, orderId, proOrderNo } = await readyToPay(phone, 100);
    const [payA, stopA, refusal, stopB, payB] = await Promise.all([
      pay(token, proOrderNo),
      stop(token, orderId),
      desk(orderId, 'fail', '数据无法解密'),
      stop(token, orderId),
      pay(token, proOrderNo),
    ]);
    // Each is served or refused by the rules, never by a lock error.
    const codes = [payA, stopA, stopB, payB].map((r) => r.body.code).concat(refusal.json<Envelope<null>>().code);
    expect(codes.every((code) => code === 200 || code === 400)).toBe(true);
    // Whatever the order of arrival, the order ends closed and the balance whole.
    expect([3, 4]).toContain((await state(token, orderId)).body.data.notarialCode);
    expect(await pointsOf(phone)).toBe(100);
    const entries = await t.db
      .selectFrom('points_ledger')
      .select(['kind', 'amount'])
      .where('order_no', '=', proOrderNo)
      .orderBy('id')
      .execute();
    expect([
      [],
      [
        { kind: 'spend', amount: -4000 },
        { kind: 'refund', amount: 4000 },
      ],
    ]).toContainEqual(entries);
  });

  it('refuses once the office accepted, and for finished orders', async () => {
    const { token, orderId, proOrderNo } = await readyToPay('13700000023');
    await pay(token, proOrderNo);
    await desk(orderId, 'accept');
    expect((await stop(token, orderId)).body.msg).toBe(copyText('notarisation:stopAccepted'));
    await desk(orderId, 'complete');
    expect((await stop(token, orderId)).body.msg).toBe(copyText('notarisation:stopSucceeded'));
    expect((await t.post('/api/Evidences/stop', { orderId: 'x' }, token)).body.code).toBe(400);
  });
});

describe('the notary office and its documents', () => {
  it('accepts, completes; documents appear as issued, the user is notified each time', async () => {
    const phone = '13700000031';
    const { token, orderId, proOrderNo, orderNo } = await readyToPay(phone);
    expect((await download(token, orderId, 1)).body.msg).toBe(copyText('notarisation:notPaid'));
    await pay(token, proOrderNo);

    expect((await officeQueue()).list.map((o) => o.orderNo)).toContain(orderNo);
    expect((await detail(token, orderId)).body.data.info.documents.map((d) => d.issued)).toEqual([1, 0, 0, 0, 0]);
    const generating = await download(token, orderId, 2);
    expect(generating.body).toMatchObject({ code: 200, data: copyText('errors:certificateGenerating') });
    expect((await desk(orderId, 'complete')).json<Envelope<null>>().msg).toBe(copyText('notarisation:deskAcceptFirst'));

    expect((await desk(orderId, 'accept')).statusCode).toBe(200);
    expect((await notifications(phone))[0]).toBe(copyText('notarisation:notifyAccepted', { orderNo }));
    expect((await desk(orderId, 'accept')).json<Envelope<null>>().msg).toBe(copyText('notarisation:deskAlreadyAccepted'));
    expect((await detail(token, orderId)).body.data.info.documents.map((d) => d.issued)).toEqual([1, 1, 1, 0, 0]);
    expect((await download(token, orderId, 4)).body.data).toBe(copyText('errors:certificateGenerating'));

    expect((await desk(orderId, 'complete')).statusCode).toBe(200);
    expect((await notifications(phone))[0]).toBe(copyText('notarisation:notifyCompleted', { orderNo }));
    expect((await list(token)).body.data.list[0]).toMatchObject({ notarial: copyText('notarisation:notarialSucceeded'), notarialCode: 2 });
    expect((await detail(token, orderId)).body.data.info.documents.map((d) => d.issued)).toEqual([1, 1, 1, 1, 1]);
    expect((await desk(orderId, 'fail', 'x')).json<Envelope<null>>().msg).toBe(copyText('notarisation:deskNotInProgress'));
    for (const queue of ['waiting', 'accepted']) expect((await officeQueue(queue)).list.map((o) => o.orderNo)).not.toContain(orderNo);
    expect((await officeQueue('succeeded')).list.map((o) => o.orderNo)).toContain(orderNo);
    expect((await download(token, orderId, 6)).body.code).toBe(400);
  });

  it('fails with a reason and refunds; documents not issued stay unissued', async () => {
    const phone = '13700000032';
    const { token, orderId, proOrderNo } = await readyToPay(phone, 50);
    await pay(token, proOrderNo);
    expect(await pointsOf(phone)).toBe(10);
    // The console's desk asks for the reason before anything changes.
    const noReason = await desk(orderId, 'fail');
    expect(noReason.statusCode).toBe(400);
    expect(await pointsOf(phone)).toBe(10);
    expect((await desk(orderId, 'fail', '数据无法解密')).statusCode).toBe(200);
    expect(await pointsOf(phone)).toBe(50);
    expect((await notifications(phone))[0]).toContain('公证失败：数据无法解密');
    expect((await list(token)).body.data.list[0]).toMatchObject({
      notarial: copyText('notarisation:notarialFailed'),
      notarialCode: 4,
      payCode: 3,
    });
    expect((await download(token, orderId, 2)).body.msg).toBe(copyText('notarisation:documentNotIssued'));
    expect((await stop(token, orderId)).body.msg).toBe(copyText('notarisation:orderFailed'));
  });
});

describe('list, detail and the selection', () => {
  it('filters by payment, notarisation status, order number and date; 10 per page', async () => {
    const { token, orderId, proOrderNo, records } = await readyToPay('13700000041');
    await pay(token, proOrderNo);
    const ids = records.map((r) => r.id);
    const voided = (await create(token, ids)).body.data;
    await stop(token, voided.id);
    for (let i = 0; i < 10; i++) await create(token, ids);
    const all = (await list(token)).body.data;
    expect(all.count).toBe(12);
    expect(all.list).toHaveLength(10);
    expect((await list(token, 'page=2')).body.data.list).toHaveLength(2);
    expect((await list(token, 'payType=1')).body.data.count).toBe(10);
    expect((await list(token, 'payType=2')).body.data.list.map((r) => r.id)).toEqual([orderId]);
    expect((await list(token, 'notarialType=1')).body.data.list.map((r) => r.id)).toEqual([orderId]);
    expect((await list(token, 'notarialType=3')).body.data.list.map((r) => r.id)).toEqual([voided.id]);
    expect((await list(token, 'notarialType=2')).body.data.count).toBe(0);
    expect((await list(token, `orderNo=${voided.orderNo.slice(-8)}`)).body.data.list.map((r) => r.id)).toEqual([voided.id]);
    expect((await list(token, 'orderNo=<x>')).body.code).toBe(400);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect((await list(token, `startTime=${now - 60}&endTime=${now + 60}`)).body.data.count).toBe(12);
    expect((await list(token, `startTime=${now + 86400}&endTime=${now + 2 * 86400}`)).body.data.count).toBe(0);
    // The end is inclusive to the second (the client sends the end day's start + 86400 - 1).
    expect((await list(token, `startTime=${now - 86399}&endTime=${now}`)).body.data.count).toBe(12);
    expect((await list(token, `startTime=${now - 86399}&endTime=${now - 1}`)).body.data.count).toBe(0);
  });

  it('shows rows by evidence type: web records with their address, process records with their length', async () => {
    const token = await verifiedUser('13700000042');
    const web = await evidence(token, 'page.html');
    const process = await evidence(token, 'screen.mp4');
    // Captures are records of types 2-4 in the same table.
    await t.db.updateTable('evidence').set({ type: 3, source_url: 'https://example.com/a' }).where('id', '=', web.id).execute();
    await t.db.updateTable('evidence').set({ type: 2, duration_seconds: 95 }).where('id', '=', process.id).execute();
    const webList = await get<{ count: number; list: unknown[] }>(t, '/api/notary/evidenceList?type=3', token);
    expect(webList.body.data.list).toEqual([
      { id: web.id, type: 3, baoquan_no: web.baoquan, name: 'page.html', url: 'https://example.com/a', label: '合同', time: web.saveTime },
    ]);
    expect((await get<{ count: number }>(t, '/api/notary/evidenceList?type=1', token)).body.data.count).toBe(0);
    expect((await get(t, '/api/notary/evidenceList?type=0', token)).body.msg).toBe(copyText('validation:notaryTypeRequired'));
    const order = (await create(token, [process.id], '2')).body.data;
    const rows = (await detail(token, order.id)).body.data.list;
    expect(rows[0]).toMatchObject({
      id: process.id,
      type: 2,
      baoquan: process.baoquan,
      title: 'screen.mp4',
      timeLength: 95,
      fileStatus: 1,
    });
    expect(rows[0]).toHaveProperty('fileUrl', process.path);
  });
});
