import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthInfo, Envelope, KycReviewList, UserInfo } from '../../../contracts/index';
import { sandboxProviders, testConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { sweepOrphansNow } from '../../test-support/files';
import { register } from '../../test-support/flows';
import { ORG_FIELDS, PERSON_FIELDS } from '../../test-support/kyc';
import { deskStaff, staffGet, staffPost } from '../../test-support/staff';
import { imageParts, multipartBody, pngWith } from '../../test-support/uploads';
import { maskAccount, maskIdCard, maskPhone } from '../../lib/mask';
import { FieldCipher } from './crypto';
import { copyText, validationText, shownNotification } from '../../test-support/copy';

const PNG = pngWith(randomBytes(300));
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), randomBytes(300)]);

const ORG_IMAGES = { license: PNG, legalFile: JPEG, file: PNG, authorFront: JPEG, authorBack: PNG };
const PERSON_IMAGES = { authorFront: PNG, authorBack: JPEG, authorHand: GIF };

type Files = Record<string, Buffer | { name: string; content: Buffer }>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  // Rows went with reset(); their images go too, so each test counts only what it stored.
  await rm(join(t.dataDir, 'files', KYC_DIR), { recursive: true, force: true });
});

async function send(url: string, token: string, fields: Record<string, string>, files: Files) {
  const { payload, contentType } = multipartBody(fields, imageParts(files));
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: response.statusCode, body: response.json<Envelope<null>>() };
}
const submitOrg = (token: string, fields: Record<string, string> = ORG_FIELDS, files: Files = ORG_IMAGES) =>
  send('/api/user/companyAuthorize', token, fields, files);
const submitPerson = (token: string, fields: Record<string, string> = PERSON_FIELDS, files: Files = PERSON_IMAGES) =>
  send('/api/peruser/perAuthorize', token, fields, files);
const userInfo = async (token: string) => (await t.post<UserInfo>('/api/user/getUserInfo', {}, token)).body.data;
const authInfo = async (token: string) => (await t.post<AuthInfo>('/api/user/getAuthInfo', {}, token)).body.data;
/** The reviewer's queue in the staff console (pending submissions, oldest first). */
const pendingIds = async () =>
  (await staffGet<KycReviewList>(t, '/api/staff/kyc/list', (await deskStaff(t, 'reviewer')).token)).body.data.list;
/** The reviewer's decision at the console's desk. */
const decide = async (id: number, decision: 'approve' | 'reject', reason = '') => {
  const token = (await deskStaff(t, 'reviewer')).token;
  return decision === 'approve'
    ? staffPost(t, '/api/staff/kyc/approve', { id: String(id) }, token)
    : staffPost(t, '/api/staff/kyc/refuse', { id: String(id), reason }, token);
};
const KYC_DIR = 'kyc-sealed';
const storedFiles = async () => {
  const dir = join(t.dataDir, 'files', KYC_DIR, 'objects');
  const subdirs = await readdir(dir).catch(() => [] as string[]);
  const all = await Promise.all(subdirs.map(async (d) => (await readdir(join(dir, d))).map((f) => join(dir, d, f))));
  return all.flat();
};
const storedObjects = async () => (await storedFiles()).length;
const submissionCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('kyc_submissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
const outbox = async (phone: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/sandbox/sms.json?phone=${phone}` });
  return response.json<{ list: { text: string }[] }>().list.map((m) => m.text);
};

describe('organisation verification', () => {
  it('submits, is rejected with a reason, resubmits and is approved; labels follow; results notify', async () => {
    const { token } = await register(t, '13900000001');
    expect((await submitOrg(token)).body).toMatchObject({ code: 200, msg: copyText('server:submitted') });
    expect(await userInfo(token)).toMatchObject({ userStatus: 2, status: 2 });

    // Under review: a second submission (of either kind) and a face check are refused.
    expect((await submitOrg(token)).body).toMatchObject({ code: 400, msg: copyText('verification:underReview') });
    expect((await submitPerson(token)).body.code).toBe(400);
    expect(
      (
        await t.post(
          '/api/peruser/aliIdentification',
          { username: '赵六', idCard: PERSON_FIELDS.contactIdcard, type: '1', agree: '1' },
          token,
        )
      ).body.code,
    ).toBe(400);

    const [first] = await pendingIds();
    // Staff answers carry the phone masked (the full value is behind the audited view original).
    expect(first).toMatchObject({ kind: 'organization', phone: '139****0001' });
    expect((await decide(first!.id, 'reject', '营业执照已过期')).status).toBe(200);
    expect(await userInfo(token)).toMatchObject({ userStatus: 4, status: 2 });
    const refused = await authInfo(token);
    expect(refused).toMatchObject({ state: 'rejected', reason: '营业执照已过期', userStatus: 4 });
    expect((await outbox('13900000001'))[0]).toContain('营业执照已过期');
    // Deciding twice is refused.
    expect((await decide(first!.id, 'approve')).status).toBe(400);

    expect((await submitOrg(token)).body.code).toBe(200);
    const [second] = await pendingIds();
    await decide(second!.id, 'approve');
    expect(await userInfo(token)).toMatchObject({ userStatus: 3, status: 2, company: ORG_FIELDS.company, contactName: '李四' });
    expect((await submitOrg(token)).body).toMatchObject({ code: 400, msg: copyText('verification:alreadyVerified') });

    const info = await authInfo(token);
    expect(info.organization).toMatchObject({
      company: ORG_FIELDS.company,
      legalIdcard: '110***********002X',
      accountNo: '************6789',
      contactPhone: '138****8002',
    });
    expect(JSON.stringify(info)).not.toContain(ORG_FIELDS.legalIdcard);
    expect(JSON.stringify(info)).not.toContain(ORG_FIELDS.accountNo);
    expect(info.images.map((i) => i.field).sort()).toEqual(['authorBack', 'authorFront', 'file', 'legalFile', 'license']);

    const notifications = await t.db
      .selectFrom('notifications')
      .select(['content', 'message_key', 'message_params', 'subject_kind', 'subject_ref'])
      .orderBy('id', 'desc')
      .execute();
    expect(shownNotification(notifications[0]!)).toContain(copyText('staff-desks:kyc.detail.approve'));
    // Signed with the product's name; about the organisation's verification (its status page).
    expect(shownNotification(notifications[0]!)).toBe(copyText('verification:notifyApproved'));
    expect(notifications[0]).toMatchObject({ subject_kind: 'verification', subject_ref: 'organization' });
  });

  it('keeps ID numbers, the account and phones encrypted at rest', async () => {
    const { token } = await register(t, '13900000002');
    await submitOrg(token);
    const row = await t.db.selectFrom('kyc_submissions').selectAll().executeTakeFirstOrThrow();
    for (const plain of [ORG_FIELDS.legalIdcard, ORG_FIELDS.contactIdcard, ORG_FIELDS.accountNo, ORG_FIELDS.legalPhone, '张三']) {
      expect(row.fields_enc).not.toContain(plain);
      expect(row.files).not.toContain(plain);
    }
    expect(row.fields_enc).toMatch(/^v1:/);
  });

  it('refuses every invalid field with the spec message and stores nothing', async () => {
    const { token } = await register(t, '13900000003');
    const cases: [string, string, string][] = [
      ['taxNumber', '91440300708461136', validationText('word18|taxNumber')],
      ['taxNumber', '91440300708461136A', validationText('creditCode|taxNumber')],
      ['accountNo', '1234567', validationText('digits8to25|accountNo')],
      ['legalIdcard', '110105194912310021', validationText('idCard|legalIdcard')],
      ['legalPhone', '12800138000', copyText('validation:phoneInvalid')],
      ['legalName', 'Zhang', validationText('chineseName|legalName')],
      ['authorSex', '', copyText('validation:genderRequired')],
      ['company', '', validationText('required|company')],
    ];
    for (const [field, value, message] of cases) {
      const reply = await submitOrg(token, { ...ORG_FIELDS, [field]: value });
      expect(reply.body, field).toMatchObject({ code: 400, msg: message });
    }
    const { license: _license, ...withoutLicense } = ORG_IMAGES;
    expect((await submitOrg(token, ORG_FIELDS, withoutLicense)).body).toMatchObject({
      code: 400,
      msg: validationText('imageRequired|license'),
    });
    expect(await submissionCount()).toBe(0);
    await sweepOrphansNow(t);
    expect(await storedObjects()).toBe(0);
    expect(await userInfo(token)).toMatchObject({ userStatus: 1 });
  });

  it('refuses images by content (a .png-named text file) and by size (21MB) while streaming; nothing stays', async () => {
    const { token } = await register(t, '13900000004');
    const text = { name: 'license.png', content: Buffer.from('just some text, not an image at all\n'.repeat(10)) };
    expect((await submitOrg(token, ORG_FIELDS, { ...ORG_IMAGES, authorBack: text })).body).toMatchObject({
      code: 400,
      msg: copyText('validation:orgImageType'),
    });
    const gif = { ...ORG_IMAGES, file: GIF };
    expect((await submitOrg(token, ORG_FIELDS, gif)).body.msg).toBe(copyText('validation:orgImageType'));
    const big = Buffer.concat([PNG, Buffer.alloc(21 * 1024 * 1024)]);
    expect((await submitOrg(token, ORG_FIELDS, { ...ORG_IMAGES, authorBack: big })).body).toMatchObject({
      code: 400,
      msg: copyText('validation:orgImageSize'),
    });
    expect(await submissionCount()).toBe(0);
    await sweepOrphansNow(t);
    expect(await storedObjects()).toBe(0);
  });
});

describe('personal verification by documents', () => {
  it('submits (authType 1), is approved by the desk, and shows masked data', async () => {
    const { token } = await register(t, '13900000011');
    expect((await submitPerson(token)).body.code).toBe(200);
    expect(await userInfo(token)).toMatchObject({ userStatus: 2, status: 1, authType: 1 });
    const [pending] = await pendingIds();
    expect(pending?.kind).toBe('document');
    await decide(pending!.id, 'approve');
    expect(await userInfo(token)).toMatchObject({ userStatus: 3, status: 1, authType: 1, contactName: '赵六' });
    const info = await authInfo(token);
    expect(info.person).toMatchObject({ userName: '赵六', contactIdcard: '110***********803X', authType: 1 });
    // A document-verified user has no supplement to give.
    expect((await send('/api/Peruser/userRepair', token, {}, { authorFront: PNG, authorBack: PNG })).body).toMatchObject({ code: 400 });
  });

  it('asks for consent and the ID number with the spec words; 4MB and wrong types are refused', async () => {
    const { token } = await register(t, '13900000012');
    expect((await submitPerson(token, { ...PERSON_FIELDS, agree: '' })).body.msg).toBe(copyText('validation:consentRequired'));
    expect((await submitPerson(token, { ...PERSON_FIELDS, contactIdcard: '' })).body.msg).toBe(copyText('validation:idCardEmpty'));
    expect((await submitPerson(token, { ...PERSON_FIELDS, userName: '赵六abc' })).body.msg).toBe(copyText('validation:chinese16'));
    const big = Buffer.concat([JPEG, Buffer.alloc(4 * 1024 * 1024)]);
    expect((await submitPerson(token, PERSON_FIELDS, { ...PERSON_IMAGES, authorHand: big })).body.msg).toBe(
      copyText('validation:personImageSize'),
    );
    const pdf = { name: 'front.jpg', content: Buffer.from('%PDF-1.4\n%\n') };
    expect((await submitPerson(token, PERSON_FIELDS, { ...PERSON_IMAGES, authorFront: pdf })).body.msg).toBe(
      copyText('validation:personImageType'),
    );
    expect(await submissionCount()).toBe(0);
    await sweepOrphansNow(t);
    expect(await storedObjects()).toBe(0);
  });
});

describe('face verification and the supplement', () => {
  const start = (token: string) =>
    t.post<{ url: string; certify_id: string }>(
      '/api/peruser/aliIdentification',
      { username: '赵六', idCard: PERSON_FIELDS.contactIdcard, type: '1', agree: '1' },
      token,
    );
  const face = (certify_id: string, result: 'pass' | 'fail') =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/face',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ certify_id, result }).toString(),
    });

  it('waits (202), passes (200), asks for the supplement, which is reviewed', async () => {
    const { token } = await register(t, '13900000021');
    const started = await start(token);
    expect(started.body.code).toBe(200);
    const { url, certify_id } = started.body.data;
    expect(url).toBe(`/sandbox/face?certify_id=${certify_id}`);
    expect((await t.post('/api/peruser/aliQuery', { certify_id }, token)).body.code).toBe(202);
    const facePage = await t.app.inject({ method: 'GET', url });
    expect(facePage.body).toContain(copyText('verification:facePass'));
    expect(facePage.body).not.toContain('<script');
    expect((await face(certify_id, 'pass')).statusCode).toBe(303);
    expect((await t.post('/api/peruser/aliQuery', { certify_id }, token)).body).toMatchObject({
      code: 200,
      msg: copyText('server:verified'),
      data: { status: 'passed' },
    });
    expect(await userInfo(token)).toMatchObject({ userStatus: 3, status: 1, authType: 3, repairType: 1, contactName: '赵六' });
    expect((await outbox('13900000021'))[0]).toContain(copyText('verification:notifyFacePassed'));
    // Passing twice, or submitting documents now, is refused.
    expect((await face(certify_id, 'pass')).statusCode).toBe(400);
    expect((await submitPerson(token)).body.code).toBe(400);

    expect((await send('/api/Peruser/userRepair', token, {}, { authorFront: PNG, authorBack: GIF })).body.code).toBe(200);
    expect(await userInfo(token)).toMatchObject({ repairType: 2 });
    expect((await send('/api/Peruser/userRepair', token, {}, { authorFront: PNG, authorBack: GIF })).body.msg).toBe(
      copyText('verification:repairUnderReview'),
    );
    const [pending] = await pendingIds();
    expect(pending?.kind).toBe('supplement');
    await decide(pending!.id, 'reject', '照片模糊');
    expect(await userInfo(token)).toMatchObject({ userStatus: 3, repairType: 4 });
    expect((await authInfo(token)).repairReason).toBe('照片模糊');
    expect((await send('/api/Peruser/userRepair', token, {}, { authorFront: PNG, authorBack: JPEG })).body.code).toBe(200);
    const [again] = await pendingIds();
    await decide(again!.id, 'approve');
    expect(await userInfo(token)).toMatchObject({ userStatus: 3, authType: 3, repairType: 3 });
  });

  it('a failed face check answers 400 and leaves the user to verify again', async () => {
    const { token } = await register(t, '13900000022');
    const { certify_id } = (await start(token)).body.data;
    await face(certify_id, 'fail');
    expect((await t.post('/api/peruser/aliQuery', { certify_id }, token)).body.code).toBe(400);
    expect(await userInfo(token)).toMatchObject({ userStatus: 4, authType: 3 });
    expect((await start(token)).body.code).toBe(200);
  });

  it('expires after 30 minutes', async () => {
    const { token } = await register(t, '13900000023');
    const { certify_id } = (await start(token)).body.data;
    t.clock.advance(31 * 60 * 1000);
    expect((await t.post('/api/peruser/aliQuery', { certify_id }, token)).body.code).toBe(400);
    expect((await face(certify_id, 'pass')).statusCode).toBe(400);
  });
});

describe('privacy', () => {
  it("another user's certify_id and image links are unreachable; links expire", async () => {
    const owner = await register(t, '13900000031');
    const other = await register(t, '13900000032');
    await submitOrg(owner.token);
    const { certify_id } = (
      await t.post<{ certify_id: string }>(
        '/api/peruser/aliIdentification',
        { username: '赵六', idCard: PERSON_FIELDS.contactIdcard, type: '1', agree: '1' },
        other.token,
      )
    ).body.data;
    expect((await t.post('/api/peruser/aliQuery', { certify_id }, owner.token)).body.code).toBe(400);

    const mine = await authInfo(owner.token);
    const link = mine.images[0]!.url;
    const image = await t.app.inject({ method: 'GET', url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect([PNG, JPEG].some((b) => b.equals(image.rawPayload))).toBe(true);
    // At rest the images are sealed: no stored file holds an uploaded image's bytes.
    const onDisk = await Promise.all((await storedFiles()).map((f) => readFile(f)));
    expect(onDisk.length).toBeGreaterThan(0);
    expect(onDisk.some((bytes) => bytes.includes(PNG.subarray(0, 64)) || bytes.includes(JPEG.subarray(0, 64)))).toBe(false);
    // The other user sees nothing of the owner's submission.
    expect(await authInfo(other.token)).toMatchObject({ organization: null, images: [] });
    // A link with another id or field, or forged, or expired, is a 404.
    const forged = link.replace(/\/image\/(\d+)\//, (_m, id: string) => `/image/${Number(id) + 1}/`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: link.replace(/sig=[^&]+/, 'sig=abc') })).statusCode).toBe(404);
    t.clock.advance(10 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await t.post('/api/user/getAuthInfo')).body.code).toBe(408);
    expect((await t.post('/api/peruser/aliQuery', { certify_id: 'x' })).body.code).toBe(408);
  });

  it('has no sandbox review desk: reviewers decide in the staff console only', async () => {
    for (const url of ['/sandbox/kyc', '/sandbox/kyc.json']) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/kyc/decide', payload: {} })).statusCode).toBe(404);
  });

  it('names the sandboxes so production refuses them', () => {
    expect(sandboxProviders(testConfig())).toContain('FACE_PROVIDER=sandbox');
    expect(sandboxProviders(testConfig()).join()).not.toContain('KYC_REVIEW_PROVIDER');
    expect(() => testConfig({ KYC_ENCRYPTION_KEY: 'short' })).toThrow(/KYC_ENCRYPTION_KEY/);
  });
});

describe('field cipher and masks', () => {
  it('uses a random IV per value and binds the owner', () => {
    const cipher = new FieldCipher(randomBytes(32));
    const a = cipher.seal('11010519491231002X', 'kyc:1');
    expect(cipher.seal('11010519491231002X', 'kyc:1')).not.toBe(a);
    expect(cipher.open(a, 'kyc:1')).toBe('11010519491231002X');
    expect(() => cipher.open(a, 'kyc:2')).toThrow();
  });
  it('masks', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskAccount('6225880123456789')).toBe('************6789');
  });
});
