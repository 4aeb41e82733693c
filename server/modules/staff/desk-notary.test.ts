import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Envelope,
  KycReviewList,
  NotaryDeskDetail,
  NotaryDeskList,
  NotaryDetail,
  NotaryList,
  NotaryOrder,
  NotaryPayment,
  StaffAuditList,
  StaffHome,
} from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { PERSON_FIELDS } from '../../test-support/kyc';
import { attachCertificate, CERTIFICATE_PDF, signInNewStaff, staffGet, staffPost, type SignedInStaff } from '../../test-support/staff';
import { get, imageParts, multipartBody, PNG_BYTES, preserve } from '../../test-support/uploads';
import { copyText, validationText, shownNotification } from '../../test-support/copy';

let t: TestApp;
let notary: SignedInStaff;
let reviewer: SignedInStaff;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp({ config: { NOTARY_POINTS_PER_RECORD: '20' } });
  // Staff sessions outlive reset() (it empties the users' tables and sets the clock back, not the staff's).
  [notary, reviewer, admin] = [await signInNewStaff(t, 'notary'), await signInNewStaff(t, 'reviewer'), await signInNewStaff(t, 'admin')];
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]);

async function multipart(url: string, token: string, fields: Record<string, string>, files: Parameters<typeof imageParts>[0] | null) {
  const { payload, contentType } = multipartBody(fields, files ? imageParts(files) : []);
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  expect(response.json<Envelope<unknown>>().code).toBe(200);
}

/** A person verified through the staff console's review desk, with a default seal. */
async function verifiedUser(phone: string): Promise<string> {
  const { token } = await register(t, phone);
  await multipart('/api/peruser/perAuthorize', token, PERSON_FIELDS, { authorFront: PNG_BYTES, authorBack: JPEG, authorHand: PNG_BYTES });
  const pending = (await staffGet<KycReviewList>(t, `/api/staff/kyc/list?phone=${phone}`, reviewer.token)).body.data.list;
  expect((await staffPost(t, '/api/staff/kyc/approve', { id: String(pending[0]?.id) }, reviewer.token)).body.code).toBe(200);
  const { payload, contentType } = multipartBody(
    { name: '公章', isDefault: '1' },
    { name: 'seal.png', content: PNG_BYTES, type: 'image/png' },
  );
  const seal = await t.app.inject({
    method: 'POST',
    url: '/api/signature/upload',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  expect(seal.json<Envelope<unknown>>().code).toBe(200);
  return token;
}

/** An order of two records at step 4; paid with points unless `transfer` (then its screenshot is sent). */
async function order(phone: string, how: 'points' | 'transfer' = 'points', delivery: 1 | 2 = 1) {
  const token = await verifiedUser(phone);
  const records = [
    await preserve(t, token, { name: 'a.pdf', content: randomBytes(64) }, { label: '合同' }),
    await preserve(t, token, { name: 'b.pdf', content: randomBytes(64) }, { label: '合同' }),
  ];
  const created = await t.post<NotaryOrder>('/api/notary/create', { type: '1', ids: records.map((r) => r.id).join(',') }, token);
  const orderId = created.body.data.id;
  let addressId = '';
  if (delivery === 2) {
    const added = await t.post<{ id: number }>(
      '/api/User/addAddress',
      {
        name: '钱七',
        province: '110000',
        city: '110100',
        area: '110101',
        address: '东城区1号',
        phoneNumber: '13900001111',
        email: 'a@b.cn',
        status: '1',
      },
      token,
    );
    expect(added.body.code).toBe(200);
    addressId = String(added.body.data.id);
  }
  const form = {
    orderId: String(orderId),
    purpose: '2',
    purposeNote: '',
    copies: '3',
    delivery: String(delivery),
    ...(addressId ? { addressId } : {}),
  };
  expect((await t.post('/api/notary/applicationForm', form, token)).body.code).toBe(200);
  expect((await t.post('/api/notary/sign', { orderId: String(orderId) }, token)).body.code).toBe(200);
  expect((await t.post('/api/notary/decode', { orderId: String(orderId), agree: '1' }, token)).body.code).toBe(200);
  const prepared = await t.post<NotaryPayment>('/api/notary/payment', { orderId: String(orderId) }, token);
  await sql`UPDATE users SET points = 10000 WHERE phone = ${phone}`.execute(t.db);
  if (how === 'points') {
    expect((await t.post('/api/Evidences/pay', { order_no: prepared.body.data.proOrderNo }, token)).body.code).toBe(200);
  } else {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/notary/transfer?orderId=${orderId}&fileName=shot.jpg`,
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
      payload: JPEG,
    });
    expect(sent.json<Envelope<unknown>>().code).toBe(200);
  }
  return { token, orderId, orderNo: created.body.data.orderNo, records };
}

const deskList = (query = '') => staffGet<NotaryDeskList>(t, `/api/staff/notary/list?${query}`, notary.token);
const detail = (id: number) => staffGet<NotaryDeskDetail>(t, `/api/staff/notary/detail?id=${id}`, notary.token);
const act = (action: string, id: number, reason?: string) =>
  staffPost(t, `/api/staff/notary/${action}`, { id: String(id), ...(reason === undefined ? {} : { reason }) }, notary.token);
const pointsOf = async (phone: string) =>
  (await t.db.selectFrom('users').select('points').where('phone', '=', phone).executeTakeFirstOrThrow()).points / 100;
const lastMessage = async (phone: string) =>
  shownNotification(
    await t.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['notifications.content', 'notifications.message_key', 'notifications.message_params'])
      .where('users.phone', '=', phone)
      .orderBy('notifications.id', 'desc')
      .executeTakeFirstOrThrow(),
  );
const auditFor = async (id: number) =>
  (await staffGet<StaffAuditList>(t, `/api/staff/admin/audit?recordType=notaryOrder&recordId=${id}`, admin.token)).body.data.list;

describe('the notary office desk', () => {
  it('accepts and completes a paid order: documents issued, user notified, each step audited', async () => {
    const { token, orderId, orderNo } = await order('13720000001');
    const waiting = (await deskList('state=waiting')).body.data;
    expect(waiting.list.map((r) => [r.id, r.orderNo, r.phone, r.applicant, r.number, r.money, r.state])).toEqual([
      [orderId, orderNo, '137****0001', '赵六', 2, 40, 'waiting'],
    ]);
    expect((await deskList('state=accepted')).body.data.count).toBe(0);
    const shown = (await detail(orderId)).body.data;
    expect(shown).toMatchObject({ purpose: 2, copies: 3, delivery: 1, documents: [{ type: 1 }], transferImageUrl: '' });
    expect(shown.records.map((r) => r.title)).toEqual(['a.pdf', 'b.pdf']);

    expect((await act('complete', orderId)).body).toMatchObject({ code: 400, msg: copyText('notarisation:deskAcceptFirst') });
    expect((await act('accept', orderId)).body).toMatchObject({ code: 200, msg: copyText('staff:notaryAccepted') });
    expect(await lastMessage('13720000001')).toBe(copyText('notarisation:notifyAccepted', { orderNo }));
    expect((await detail(orderId)).body.data.documents.map((d) => d.type)).toEqual([1, 2, 3]);
    expect((await act('accept', orderId)).body.code).toBe(400);
    expect((await act('complete', orderId)).body).toMatchObject({ code: 400, msg: copyText('notarisation:deskCertificateFirst') });
    expect((await attachCertificate(t, orderId, notary.token)).body.code).toBe(200);
    expect((await act('complete', orderId)).body.code).toBe(200);
    expect(await lastMessage('13720000001')).toBe(copyText('notarisation:notifyCompleted', { orderNo }));
    const userDetail = await get<NotaryDetail>(t, `/api/notary/detail?orderId=${orderId}&page=1`, token);
    expect(userDetail.body.data.info.notarialCode).toBe(2);
    expect(userDetail.body.data.info.documents.every((d) => d.issued === 1)).toBe(true);
    expect((await deskList('state=succeeded')).body.data.list.map((r) => r.id)).toEqual([orderId]);

    const entries = await auditFor(orderId);
    expect(entries.map((e) => e.action)).toEqual(['notaryCompleted', 'notaryCertificateAttached', 'notaryAccepted']);
    expect(entries[2]).toMatchObject({
      staffId: notary.id,
      before: { state: 'waiting', accepted: false },
      after: { state: 'accepted', accepted: true },
    });
    expect(entries[0]).toMatchObject({ before: { state: 'accepted' }, after: { state: 'succeeded', notarial: 2 } });
  });

  it('fails an order with a reason (points refunded) and voids another (refunded, reason kept)', async () => {
    const first = await order('13720000002');
    expect(await pointsOf('13720000002')).toBe(60);
    expect((await act('fail', first.orderId)).body.msg).toBe(validationText('required|staffReason'));
    expect((await act('fail', first.orderId, '材料不全')).body.code).toBe(200);
    expect(await pointsOf('13720000002')).toBe(100);
    expect(await lastMessage('13720000002')).toBe(
      copyText('notarisation:notifyFailed', { orderNo: first.orderNo, reason: '材料不全', points: '40.00' }),
    );
    expect((await auditFor(first.orderId))[0]).toMatchObject({
      action: 'notaryFailed',
      after: { state: 'failed', failReason: '材料不全', refunded: true },
    });

    const second = await order('13720000003');
    await act('accept', second.orderId);
    expect((await act('void', second.orderId, '申请人撤回申请')).body).toMatchObject({ code: 200, msg: copyText('staff:notaryVoided') });
    expect(await pointsOf('13720000003')).toBe(100);
    expect(await lastMessage('13720000003')).toBe(
      copyText('notarisation:notifyVoided', { orderNo: second.orderNo, reason: '申请人撤回申请', points: '40.00' }),
    );
    const mine = await get<NotaryList>(t, '/api/notary/list?notarialType=3', second.token);
    expect(mine.body.data.list.map((r) => r.id)).toEqual([second.orderId]);
    expect((await detail(second.orderId)).body.data).toMatchObject({ state: 'voided', voidReason: '申请人撤回申请' });
    expect((await act('void', second.orderId, '再次终止')).body.code).toBe(400);
    expect((await auditFor(second.orderId))[0]).toMatchObject({
      action: 'notaryVoided',
      before: { state: 'accepted' },
      after: { state: 'voided', voidReason: '申请人撤回申请', refunded: true },
    });
    // The refund is once: the ledger has one refund per order.
    const refunds = await t.db.selectFrom('points_ledger').select('amount').where('kind', '=', 'refund').execute();
    expect(refunds.map((r) => r.amount)).toEqual([4000, 4000]);
  });

  it('shows a bank transfer screenshot, confirms one transfer and rejects another with a reason', async () => {
    const confirmed = await order('13720000004', 'transfer');
    const rejected = await order('13720000005', 'transfer');
    const transfers = (await deskList('state=transfer')).body.data;
    expect(transfers.list.map((r) => [r.id, r.state, r.payMethod])).toEqual([
      [confirmed.orderId, 'transfer', 2],
      [rejected.orderId, 'transfer', 2],
    ]);
    const shown = (await detail(confirmed.orderId)).body.data;
    const image = await t.app.inject({ method: 'GET', url: shown.transferImageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG)).toBe(true);

    // Accepting needs the money first.
    expect((await act('accept', confirmed.orderId)).body.code).toBe(400);
    expect((await act('transfer/confirm', confirmed.orderId)).body).toMatchObject({ code: 200, msg: copyText('staff:transferConfirmed') });
    expect((await deskList('state=waiting')).body.data.list.map((r) => r.id)).toEqual([confirmed.orderId]);
    expect(await pointsOf('13720000004')).toBe(100);

    expect((await act('transfer/reject', rejected.orderId, '未收到款项')).body.code).toBe(200);
    expect(await lastMessage('13720000005')).toBe(
      copyText('notarisation:notifyTransferRejected', { orderNo: rejected.orderNo, reason: '未收到款项' }),
    );
    expect((await deskList('state=transfer')).body.data.count).toBe(0);
    // Back at step 4: the office no longer sees it.
    expect((await detail(rejected.orderId)).body).toMatchObject({ code: 404 });
    expect((await auditFor(rejected.orderId))[0]).toMatchObject({
      action: 'transferRejected',
      before: { transferWaiting: true },
      after: { transferWaiting: false, transferRejectReason: '未收到款项' },
    });
    expect((await auditFor(confirmed.orderId))[0]).toMatchObject({ action: 'transferConfirmed', after: { state: 'waiting', paid: true } });
  });

  it('finds orders by number and phone; unknown ids answer as missing', async () => {
    const { orderId, orderNo } = await order('13720000006');
    expect((await deskList(`orderNo=${orderNo.slice(-6)}`)).body.data.list.map((r) => r.id)).toEqual([orderId]);
    expect((await deskList('phone=13720000006')).body.data.count).toBe(1);
    expect((await deskList('phone=13799999999')).body.data.count).toBe(0);
    expect((await deskList('state=lost')).body.code).toBe(400);
    expect((await act('accept', 987654)).body.code).toBe(404);
    expect((await detail(987654)).body.code).toBe(404);
  });
});

describe('the notarial certificate', () => {
  const upload = (id: number, payload: Buffer, contentType = 'application/octet-stream') =>
    t.app
      .inject({
        method: 'POST',
        url: `/api/staff/notary/certificate?id=${id}`,
        headers: { 'content-type': contentType, authorization: `Staff ${notary.token}` },
        payload,
      })
      .then((r) => ({ status: r.statusCode, body: r.json<Envelope<null>>() }));
  const download = (token: string, orderId: number, type: number) =>
    get<{ downUrl: string } | string>(t, `/api/notary/download?orderId=${orderId}&type=${type}`, token);

  it('is refused unless a whole PDF of at most 20 MB, and only on an accepted order', async () => {
    const { orderId } = await order('13720000011');
    expect((await upload(orderId, CERTIFICATE_PDF)).body).toMatchObject({ code: 400, msg: copyText('notarisation:deskAcceptFirst') });
    await act('accept', orderId);
    expect((await upload(orderId, Buffer.alloc(0))).body).toMatchObject({ code: 400, msg: copyText('notarisation:certificateRequired') });
    expect((await upload(orderId, Buffer.from('not a pdf at all, just words'))).body).toMatchObject({
      code: 400,
      msg: copyText('notarisation:certificateType'),
    });
    expect((await upload(orderId, PNG_BYTES)).body).toMatchObject({ code: 400, msg: copyText('notarisation:certificateType') });
    // Cut short: the head of a PDF without its end.
    expect((await upload(orderId, CERTIFICATE_PDF.subarray(0, 40))).body).toMatchObject({
      code: 400,
      msg: copyText('notarisation:certificateCorrupt'),
    });
    const huge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024 + 1, 0x20), Buffer.from('%%EOF')]);
    expect((await upload(orderId, huge)).body).toMatchObject({ code: 400, msg: copyText('notarisation:certificateTooLarge') });
    expect((await detail(orderId)).body.data.certificate).toEqual({ attached: false, size: 0, attachedAt: '' });
    expect((await act('complete', orderId)).body).toMatchObject({ code: 400, msg: copyText('notarisation:deskCertificateFirst') });
    expect((await upload(987654, CERTIFICATE_PDF)).body.code).toBe(404);
    expect((await auditFor(orderId)).map((e) => e.action)).toEqual(['notaryAccepted']);
  });

  it('is downloaded by the owner with the same bytes; another user gets a missing order', async () => {
    const { token, orderId } = await order('13720000012');
    await act('accept', orderId);
    expect((await download(token, orderId, 5)).body.data).toBe(copyText('errors:certificateGenerating'));
    const pdf = Buffer.concat([CERTIFICATE_PDF.subarray(0, 9), randomBytes(2000), CERTIFICATE_PDF.subarray(9)]);
    expect((await upload(orderId, pdf)).body).toMatchObject({ code: 200, msg: copyText('staff-desks:notary.certificate.uploaded') });
    expect((await detail(orderId)).body.data.certificate).toMatchObject({ attached: true, size: pdf.length });
    // Not the user's before the order is completed; the clerk opens it as attached, to check it before issuing it.
    expect((await download(token, orderId, 5)).body.data).toBe(copyText('errors:certificateGenerating'));
    const attached = await staffPost<{ url: string }>(
      t,
      '/api/staff/notary/open',
      { id: String(orderId), kind: 'certificate' },
      notary.token,
    );
    expect((await t.app.inject({ method: 'GET', url: attached.body.data.url })).rawPayload.equals(pdf)).toBe(true);
    expect((await act('complete', orderId)).body.code).toBe(200);

    const mine = await get<NotaryDetail>(t, `/api/notary/detail?orderId=${orderId}&page=1`, token);
    expect(mine.body.data.info.documents.map((d) => [d.type, d.issued])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    const link = (await download(token, orderId, 5)).body.data as { downUrl: string };
    const file = await t.app.inject({ method: 'GET', url: link.downUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const stranger = await verifiedUser('13720000013');
    expect((await download(stranger, orderId, 5)).body).toMatchObject({ code: 404 });
    expect((await get(t, `/api/notary/detail?orderId=${orderId}&page=1`, stranger)).body).toMatchObject({ code: 404 });

    // The clerk opens the certificate, the other documents and each covered record's certificate and file.
    const open = (form: Record<string, string>) =>
      staffPost<{ url: string }>(t, '/api/staff/notary/open', { id: String(orderId), ...form }, notary.token);
    const cert = await open({ kind: 'document', type: '5' });
    expect((await t.app.inject({ method: 'GET', url: cert.body.data.url })).rawPayload.equals(pdf)).toBe(true);
    const records = (await detail(orderId)).body.data.records;
    const recordFile = await open({ kind: 'recordFile', evidenceId: String(records[0]?.evidenceId) });
    expect((await t.app.inject({ method: 'GET', url: recordFile.body.data.url })).statusCode).toBe(200);
    const recordCert = await open({ kind: 'recordCertificate', evidenceId: String(records[1]?.evidenceId) });
    expect(recordCert.body.data.url).toContain('/api/check/certificatePdf');
    // A record of another order answers as missing.
    expect((await open({ kind: 'recordFile', evidenceId: '987654' })).body.code).toBe(404);
    const actions = (await auditFor(orderId)).map((e) => e.action);
    expect(actions.filter((a) => a === 'notaryFileOpened')).toHaveLength(4);
    expect(actions).toContain('notaryCertificateAttached');
  });

  it('paper delivery: the courier and number are recorded once, after completion, and the user reads them', async () => {
    const { token, orderId, orderNo } = await order('13720000014', 'points', 2);
    const ship = (form: Record<string, string>) => staffPost(t, '/api/staff/notary/ship', { id: String(orderId), ...form }, notary.token);
    expect((await ship({ courier: '顺丰速运', number: 'SF1234567890' })).body).toMatchObject({
      code: 400,
      msg: copyText('notarisation:shipNotCompleted'),
    });
    await act('accept', orderId);
    await attachCertificate(t, orderId, notary.token);
    expect((await act('complete', orderId)).body.code).toBe(200);
    expect((await ship({ courier: '', number: 'SF1234567890' })).body.code).toBe(400);
    expect((await ship({ courier: '顺丰速运', number: '12' })).body).toMatchObject({
      code: 400,
      msg: copyText('validation:courierNumber'),
    });
    expect((await ship({ courier: '顺丰速运', number: 'SF1234567890' })).body).toMatchObject({
      code: 200,
      msg: copyText('staff-desks:notary.shipping.done'),
    });
    expect((await ship({ courier: '顺丰速运', number: 'SF1234567891' })).body).toMatchObject({
      code: 400,
      msg: copyText('notarisation:shipAlready'),
    });
    const mine = await get<NotaryDetail>(t, `/api/notary/detail?orderId=${orderId}&page=1`, token);
    expect(mine.body.data.info).toMatchObject({ delivery: 2, shipping: { courier: '顺丰速运', number: 'SF1234567890' } });
    expect(await lastMessage('13720000014')).toBe(
      copyText('notarisation:notifyShipped', { orderNo, courier: '顺丰速运', number: 'SF1234567890' }),
    );
    expect((await auditFor(orderId))[0]).toMatchObject({ action: 'notaryShipped', after: { shipped: true, shipNumber: 'SF1234567890' } });
    // Self pick-up needs no shipping.
    const other = await order('13720000015');
    await act('accept', other.orderId);
    await attachCertificate(t, other.orderId, notary.token);
    await act('complete', other.orderId);
    expect(
      (
        await staffPost(
          t,
          '/api/staff/notary/ship',
          { id: String(other.orderId), courier: '顺丰速运', number: 'SF1234567890' },
          notary.token,
        )
      ).body,
    ).toMatchObject({
      code: 400,
      msg: copyText('notarisation:shipNotPaper'),
    });
  });
});

describe('masking and the staff home page', () => {
  const MOBILE = /(?<!\d)1[3-9]\d{9}(?!\d)/;
  /** Every string of an answer, with where it is. */
  const strings = (value: unknown, path = ''): [string, string][] =>
    typeof value === 'string'
      ? [[path, value]]
      : Array.isArray(value)
        ? value.flatMap((v, i) => strings(v, `${path}[${i}]`))
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`))
          : [];

  it('no staff answer carries a phone number in clear; the audited view does, and is logged', async () => {
    const { orderId } = await order('13720000021', 'points', 2);
    await act('accept', orderId);
    const pending = await register(t, '13720000022');
    await multipart('/api/peruser/perAuthorize', pending.token, PERSON_FIELDS, {
      authorFront: PNG_BYTES,
      authorBack: JPEG,
      authorHand: PNG_BYTES,
    });
    const kycId = (await staffGet<KycReviewList>(t, '/api/staff/kyc/list?phone=13720000022', admin.token)).body.data.list[0]?.id;
    // Every GET of the staff API (from the registered calls), as an administrator, with the records above.
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const gets = Object.entries(spec.paths)
      .filter(([path, ops]) => path.startsWith('/api/staff/') && 'get' in ops)
      .map(([path]) => path);
    expect(gets).toEqual(expect.arrayContaining(['/api/staff/kyc/list', '/api/staff/notary/detail', '/api/staff/home']));
    const queryOf: Record<string, string> = {
      '/api/staff/kyc/detail': `id=${kycId}`,
      '/api/staff/notary/detail': `id=${orderId}`,
      '/api/staff/orders/detail': 'orderNo=x',
    };
    const seen: string[] = [];
    for (const path of gets) {
      const answer = await staffGet(t, `${path}?${queryOf[path] ?? ''}`, admin.token);
      for (const [where, text] of strings(answer.body.data)) {
        expect(MOBILE.test(text), `${path} ${where}: ${text}`).toBe(false);
        if (text.includes('****')) seen.push(`${path}${where}`);
      }
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        '/api/staff/kyc/list.list[0].phone',
        '/api/staff/kyc/detail.phone',
        '/api/staff/notary/list.list[0].phone',
        '/api/staff/notary/detail.phone',
        '/api/staff/notary/detail.contactPhone',
        '/api/staff/notary/detail.address',
      ]),
    );
    const shown = (await detail(orderId)).body.data;
    expect(shown.phone).toBe('137****0021');
    expect(shown.address).toContain('139****1111');
    expect(shown.applicantIdNumber).toMatch(/^\d{3}\*+\w{4}$/);

    const view = await staffPost<{ phone: string; address: string; applicantIdNumber: string }>(
      t,
      '/api/staff/notary/view',
      { id: String(orderId) },
      notary.token,
    );
    expect(view.body.data.phone).toBe('13720000021');
    expect(view.body.data.address).toContain('13900001111');
    // The application keeps the applicant's ID number as verified and masked (notary/reading.ts): nothing more to show.
    expect((await auditFor(orderId))[0]).toMatchObject({ action: 'notaryViewed', staffId: notary.id });
    const kycView = await staffPost<{ phone: string }>(t, '/api/staff/kyc/view', { id: String(kycId) }, reviewer.token);
    expect(kycView.body.data.phone).toBe('13720000022');
  });

  it('counts what waits at each desk of the role and how long the oldest has waited', async () => {
    const first = await order('13720000031');
    await order('13720000032');
    const transfer = await order('13720000033', 'transfer');
    // The first one paid an hour earlier (staff sessions would go idle if the clock moved an hour).
    await sql`UPDATE notary_orders SET paid_at = paid_at - interval '1 hour' WHERE id = ${first.orderId}`.execute(t.db);
    await sql`UPDATE notary_orders SET transfer_at = ${t.clock.now()} WHERE id = ${transfer.orderId}`.execute(t.db);
    const home = async (token: string) => {
      const reply = await staffGet<StaffHome>(t, '/api/staff/home', token);
      expect(reply.body).toMatchObject({ code: 200 });
      return reply.body.data.queues.map((q) => [q.queue, q.count, q.oldestWaitSeconds]);
    };
    const reviewerHome = await home(reviewer.token);
    expect(reviewerHome.map((q) => q[0])).toEqual(['verification']);
    t.clock.advance(60_000);
    const notaryHome = await home(notary.token);
    expect(notaryHome).toEqual([
      ['notaryWaiting', 2, 3660],
      ['notaryAccepted', 0, 0],
      ['notaryTransfer', 1, 60],
      ['notaryShipping', 0, 0],
    ]);
    expect((await home(admin.token)).map((q) => q[0])).toEqual([
      'verification',
      'notaryWaiting',
      'notaryAccepted',
      'notaryTransfer',
      'notaryShipping',
      'invoices',
    ]);
    expect(transfer.orderId).toBeGreaterThan(first.orderId);
    expect((await staffGet(t, '/api/staff/home')).status).toBe(401);
  });
});
