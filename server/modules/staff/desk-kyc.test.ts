import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Envelope,
  KycReviewDetail,
  KycReviewList,
  KycReviewView,
  StaffAuditList,
  StaffReveal,
  UserInfo,
} from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { ORG_FIELDS, PERSON_FIELDS } from '../../test-support/kyc';
import { signInNewStaff, staffGet, staffPost, type SignedInStaff } from '../../test-support/staff';
import { imageParts, multipartBody, pngWith } from '../../test-support/uploads';
import { copyText, validationText, shownNotification } from '../../test-support/copy';

let t: TestApp;
let reviewer: SignedInStaff;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  // Staff sessions outlive reset() (it empties the users' tables and sets the clock back, not the staff's).
  [reviewer, admin] = [await signInNewStaff(t, 'reviewer'), await signInNewStaff(t, 'admin')];
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const PNG = pngWith(randomBytes(300));
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]);

async function submit(url: string, token: string, fields: Record<string, string>, files: Record<string, Buffer>) {
  const { payload, contentType } = multipartBody(fields, imageParts(files));
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  expect(response.json<Envelope<null>>().code).toBe(200);
}
const submitPerson = (token: string) =>
  submit('/api/peruser/perAuthorize', token, PERSON_FIELDS, { authorFront: PNG, authorBack: JPEG, authorHand: PNG });
const submitOrg = (token: string) =>
  submit('/api/user/companyAuthorize', token, ORG_FIELDS, { license: PNG, legalFile: JPEG, file: PNG, authorFront: JPEG, authorBack: PNG });
const userInfo = async (token: string) => (await t.post<UserInfo>('/api/user/getUserInfo', {}, token)).body.data;
const list = (query = '') => staffGet<KycReviewList>(t, `/api/staff/kyc/list?${query}`, reviewer.token);
const messages = async (phone: string) =>
  (
    await t.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['notifications.content', 'notifications.message_key', 'notifications.message_params'])
      .where('users.phone', '=', phone)
      .orderBy('notifications.id', 'desc')
      .execute()
  ).map(shownNotification);
const outbox = async (phone: string) =>
  (await t.app.inject({ method: 'GET', url: `/sandbox/sms.json?phone=${phone}` }))
    .json<{ list: { text: string }[] }>()
    .list.map((m) => m.text);
const auditFor = async (id: number, action: string) =>
  (await staffGet<StaffAuditList>(t, `/api/staff/admin/audit?recordType=kycSubmission&recordId=${id}&action=${action}`, admin.token)).body
    .data.list;

describe('the verification desk', () => {
  it('lists pending submissions oldest first, by kind and phone, with masked names', async () => {
    const person = await register(t, '13900000101');
    const org = await register(t, '13900000102');
    await submitPerson(person.token);
    await submitOrg(org.token);
    const pending = (await list()).body.data;
    expect(pending.count).toBe(2);
    expect(pending.list.map((r) => [r.kind, r.phone, r.applicant, r.state])).toEqual([
      ['document', '139****0101', '赵*', 'pending'],
      ['organization', '139****0102', ORG_FIELDS.company, 'pending'],
    ]);
    expect((await list('kind=organization')).body.data.list.map((r) => r.phone)).toEqual(['139****0102']);
    expect((await list('phone=0101')).body.data.list.map((r) => r.phone)).toEqual(['139****0101']);
    expect((await list('state=approved')).body.data.count).toBe(0);
    expect((await list('kind=face')).body.code).toBe(400);
  });

  it('shows a submission masked, and in clear only through the audited view', async () => {
    const person = await register(t, '13900000103');
    await submitPerson(person.token);
    const [row] = (await list()).body.data.list;
    const id = row?.id ?? 0;
    const detail = (await staffGet<KycReviewDetail>(t, `/api/staff/kyc/detail?id=${id}`, reviewer.token)).body.data;
    expect(detail).toMatchObject({ id, kind: 'document', userStatus: 2, images: ['authorFront', 'authorBack', 'authorHand'] });
    expect(detail.fields).toContainEqual({ name: 'contactIdcard', value: '110***********803X' });
    expect(JSON.stringify(detail)).not.toContain(PERSON_FIELDS.contactIdcard);
    expect(await auditFor(id, 'kycViewed')).toEqual([]);

    const view = await staffPost<KycReviewView>(t, '/api/staff/kyc/view', { id: String(id) }, reviewer.token);
    expect(view.body.code).toBe(200);
    expect(view.body.data.fields).toContainEqual({ name: 'contactIdcard', value: PERSON_FIELDS.contactIdcard });
    expect(view.body.data.images.map((i) => i.field)).toEqual(['authorFront', 'authorBack', 'authorHand']);
    const image = await t.app.inject({ method: 'GET', url: view.body.data.images[0]?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const [viewed] = await auditFor(id, 'kycViewed');
    expect(viewed).toMatchObject({ staffId: reviewer.id, ip: '127.0.0.1', after: { images: ['authorFront', 'authorBack', 'authorHand'] } });
    expect(viewed?.after?.fields).toContain('contactIdcard');
    // The log says what was seen, never the values.
    expect(JSON.stringify(viewed)).not.toContain(PERSON_FIELDS.contactIdcard);
    expect((await staffPost(t, '/api/staff/kyc/view', { id: '999999' }, reviewer.token)).body).toMatchObject({
      code: 404,
      msg: copyText('verification:submissionMissing'),
    });
  });

  it('reveals the account phone through the audited view original, to reviewers (and administrators) only', async () => {
    const person = await register(t, '13900000104');
    await submitPerson(person.token);
    const [row] = (await list()).body.data.list;
    const id = row?.id ?? 0;
    expect(row?.phone).toBe('139****0104');
    const reveal = (token: string, form: Record<string, string>) => staffPost<StaffReveal>(t, '/api/staff/kyc/reveal', form, token);
    // The audit log outlives reset(): read the views of this test's own clerk.
    const clerk = await signInNewStaff(t, 'reviewer');
    const views = async () =>
      (await staffGet<StaffAuditList>(t, `/api/staff/admin/audit?action=kycViewed&staffId=${clerk.id}`, admin.token)).body.data.list;

    // Another desk's role is refused before anything is read or written.
    const notary = await signInNewStaff(t, 'notary');
    expect((await reveal(notary.token, { id: String(id), field: 'phone' })).status).toBe(403);

    const shown = await reveal(clerk.token, { id: String(id), field: 'phone' });
    expect(shown.body).toMatchObject({ code: 200, data: { field: 'phone', value: '13900000104' } });
    const [viewed, ...more] = await views();
    expect(more).toEqual([]);
    expect(viewed).toMatchObject({ staffId: clerk.id, recordType: 'kycSubmission', recordId: String(id), after: { fields: ['phone'] } });
    expect(JSON.stringify(viewed)).not.toContain('13900000104');
    expect((await reveal(admin.token, { id: String(id), field: 'phone' })).body.data.value).toBe('13900000104');

    // A field the desk does not reveal, or a submission that does not exist: refused, nothing logged.
    expect((await reveal(clerk.token, { id: String(id), field: 'contactIdcard' })).body.code).toBe(400);
    expect((await reveal(clerk.token, { id: '999999', field: 'phone' })).body).toMatchObject({
      code: 404,
      msg: copyText('verification:submissionMissing'),
    });
    expect(await views()).toHaveLength(1);
  });

  it('refuses with a reason: the user is notified as the sandbox desk does, and the audit has both states', async () => {
    const person = await register(t, '13900000104');
    await submitPerson(person.token);
    const id = (await list()).body.data.list[0]?.id ?? 0;
    const noReason = await staffPost(t, '/api/staff/kyc/refuse', { id: String(id), reason: ' ' }, reviewer.token);
    expect(noReason.body).toMatchObject({ code: 400, msg: validationText('required|staffReason') });
    expect((await staffPost(t, '/api/staff/kyc/refuse', { id: String(id), reason: '照片模糊' }, reviewer.token)).body).toMatchObject({
      code: 200,
      msg: copyText('staff:kycRefused'),
    });
    expect(await userInfo(person.token)).toMatchObject({ userStatus: 4 });
    const text = copyText('verification:notifyRejected', { reason: '照片模糊' });
    expect((await messages('13900000104'))[0]).toBe(text);
    expect((await outbox('13900000104'))[0]).toBe(text);
    const [entry] = await auditFor(id, 'kycRefused');
    expect(entry).toMatchObject({
      staffId: reviewer.id,
      before: { state: 'pending', userStatus: 2 },
      after: { state: 'rejected', reason: '照片模糊', userStatus: 4 },
    });
    // Decided once: a second decision is refused and writes nothing.
    expect((await staffPost(t, '/api/staff/kyc/approve', { id: String(id) }, reviewer.token)).body.code).toBe(400);
    expect(await auditFor(id, 'kycApproved')).toEqual([]);
    expect((await list('state=rejected')).body.data.list[0]).toMatchObject({ id, reason: '照片模糊' });
  });

  it('approves an organisation: verified with its company, notified, audited', async () => {
    const org = await register(t, '13900000105');
    await submitOrg(org.token);
    const id = (await list('kind=organization')).body.data.list[0]?.id ?? 0;
    expect((await staffPost(t, '/api/staff/kyc/approve', { id: String(id) }, reviewer.token)).body.code).toBe(200);
    expect(await userInfo(org.token)).toMatchObject({ userStatus: 3, status: 2 });
    expect((await messages('13900000105'))[0]).toBe(copyText('verification:notifyApproved'));
    expect((await auditFor(id, 'kycApproved'))[0]).toMatchObject({
      before: { state: 'pending' },
      after: { state: 'approved', userStatus: 3 },
    });
  });

  it('reviews the supplement of a face-verified user', async () => {
    const { token } = await register(t, '13900000106');
    const started = await t.post<{ certify_id: string }>(
      '/api/peruser/aliIdentification',
      { username: '赵六', idCard: PERSON_FIELDS.contactIdcard, type: '1', agree: '1' },
      token,
    );
    const face = await t.app.inject({
      method: 'POST',
      url: '/sandbox/face',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ certify_id: started.body.data.certify_id, result: 'pass' }).toString(),
    });
    expect(face.statusCode).toBe(303);
    await submit('/api/Peruser/userRepair', token, {}, { authorFront: PNG, authorBack: JPEG });
    const [row] = (await list('kind=supplement')).body.data.list;
    expect(row).toMatchObject({ kind: 'supplement', phone: '139****0106' });
    await staffPost(t, '/api/staff/kyc/approve', { id: String(row?.id) }, reviewer.token);
    expect(await userInfo(token)).toMatchObject({ userStatus: 3, authType: 3, repairType: 3 });
    expect((await auditFor(row?.id ?? 0, 'kycApproved'))[0]).toMatchObject({ before: { repairType: 2 }, after: { repairType: 3 } });
  });

  it('keeps a decision and its audit row together: when the row cannot be written, nothing changes', async () => {
    const person = await register(t, '13900000107');
    await submitPerson(person.token);
    const id = (await list()).body.data.list[0]?.id ?? 0;
    // The audit log refuses this one insert (a full disk, a lost connection would do the same).
    await sql`CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit unavailable'; END $$`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON staff_audit FOR EACH ROW WHEN (NEW.action = 'kycApproved') EXECUTE FUNCTION test_refuse_audit()`.execute(
      t.db,
    );
    try {
      const failed = await staffPost(t, '/api/staff/kyc/approve', { id: String(id) }, reviewer.token);
      expect(failed.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER test_refuse_audit ON staff_audit`.execute(t.db);
      await sql`DROP FUNCTION test_refuse_audit()`.execute(t.db);
    }
    expect(await userInfo(person.token)).toMatchObject({ userStatus: 2 });
    expect((await list()).body.data.list[0]).toMatchObject({ id, state: 'pending' });
    expect(await messages('13900000107')).not.toContain(copyText('verification:notifyApproved'));
    expect((await staffPost(t, '/api/staff/kyc/approve', { id: String(id) }, reviewer.token)).body.code).toBe(200);
    expect(await userInfo(person.token)).toMatchObject({ userStatus: 3 });
  });
});
