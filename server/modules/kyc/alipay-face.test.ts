import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../clock';
import { startAlipayStandIn, type AlipayStandIn } from '../../test-support/alipay-standin';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { PERSON_FIELDS } from '../../test-support/kyc';
import { copyText } from '../../test-support/copy';

const APP_ID = '2021000122671080';

/**
 * FACE_PROVIDER=alipay. Face verification through Alipay identity verification
 * (alipay.user.certify.open.initialize, the signed certify address, query), against the Alipay stand-in.
 */
let standIn: AlipayStandIn;
let t: TestApp;
let appClock: Clock | null = null;

beforeAll(async () => {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  standIn = await startAlipayStandIn({
    appId: APP_ID,
    sellerId: '2088102177846880',
    appPublicKey: app.publicKey,
    clock: { now: () => appClock?.now() ?? new Date() },
  });
  t = await createTestApp({
    config: {
      FACE_PROVIDER: 'alipay',
      PUBLIC_URL: 'https://evidence.example.test',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ALIPAY_PUBLIC_KEY: standIn.alipayPublicKeyPem,
      ALIPAY_SELLER_ID: '2088102177846880',
      ALIPAY_GATEWAY: standIn.gatewayUrl,
    },
  });
  appClock = t.clock;
}, 120_000);
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const start = (token: string) =>
  t.post<{ url: string; certify_id: string }>(
    '/api/peruser/aliIdentification',
    { username: '赵六', idCard: PERSON_FIELDS.contactIdcard, type: '1', agree: '1' },
    token,
  );
const query = (token: string, certify_id: string) => t.post<{ status: string }>('/api/peruser/aliQuery', { certify_id }, token);
const userInfo = async (token: string) =>
  (await t.post<{ userStatus: number; authType: number; repairType: number }>('/api/user/getUserInfo', {}, token)).body.data;

describe('FACE_PROVIDER=alipay against the Alipay stand-in', () => {
  it('starts a certification with the person’s name and ID number, shows the signed certify address, and applies the pass', async () => {
    const { token } = await register(t, '13500137101');
    const started = await start(token);
    expect(started.body.code).toBe(200);
    const { url, certify_id } = started.body.data;
    // The certify address is Alipay's (signed with our key: the stand-in checks it as the gateway would).
    expect(standIn.openCertify(url)).toBe(certify_id);
    const initialize = standIn.calls.find((c) => c.method === 'alipay.user.certify.open.initialize');
    expect(initialize?.signatureValid).toBe(true);
    expect(standIn.certifications.get(certify_id)).toMatchObject({ name: '赵六', idNumber: PERSON_FIELDS.contactIdcard, bizCode: 'FACE' });

    // Not yet done in the Alipay app: waiting; a query that fails in transit is waiting too.
    expect((await query(token, certify_id)).body.code).toBe(202);
    standIn.failNext('alipay.user.certify.open.query', 'httpError');
    expect((await query(token, certify_id)).body.code).toBe(202);
    expect(await userInfo(token)).toMatchObject({ userStatus: 1 });

    const certification = standIn.certifications.get(certify_id);
    if (!certification) throw new Error('no certification');
    certification.passed = true;
    const passed = await query(token, certify_id);
    expect(passed.body).toMatchObject({ code: 200, data: { status: 'passed' } });
    expect(await userInfo(token)).toMatchObject({ userStatus: 3, authType: 3, repairType: 1 });
    // Asked again: still passed, decided once.
    expect((await query(token, certify_id)).body.code).toBe(200);
    const rows = await t.db.selectFrom('kyc_submissions').select('state').where('certify_id', '=', certify_id).execute();
    expect(rows).toEqual([{ state: 'approved' }]);
  });

  it('an answer not signed by Alipay is not believed; a provider error at start stores nothing', async () => {
    const { token } = await register(t, '13500137102');
    const { certify_id } = (await start(token)).body.data;
    const certification = standIn.certifications.get(certify_id);
    if (!certification) throw new Error('no certification');
    certification.passed = true;
    standIn.failNext('alipay.user.certify.open.query', 'badSignature');
    expect((await query(token, certify_id)).body.code).toBe(202);
    expect(await userInfo(token)).toMatchObject({ userStatus: 1 });

    const other = await register(t, '13500137103');
    standIn.failNext('alipay.user.certify.open.initialize', {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'SYSTEM_ERROR',
      sub_msg: '系统异常',
    });
    const refused = await start(other.token);
    expect(refused.body).toMatchObject({ code: 400, msg: copyText('verification:faceUnavailable') });
    const stored = await t.db
      .selectFrom('kyc_submissions')
      .innerJoin('users', 'users.id', 'kyc_submissions.user_id')
      .where('users.phone', '=', '13500137103')
      .execute();
    expect(stored).toHaveLength(0);
    // The sandbox face page does not exist with a real provider.
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/face?certify_id=${certify_id}` })).statusCode).toBe(404);
  });
});
