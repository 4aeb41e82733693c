import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, KycReviewList, UserInfo } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { PERSON_FIELDS } from '../../test-support/kyc';
import { signInNewStaff, staffGet, staffPost } from '../../test-support/staff';
import { imageParts, multipartBody, PNG_BYTES } from '../../test-support/uploads';

/**
 * The staff console is the only reviewer, notary office and finance desk in every mode: sandbox mode has no
 * /sandbox/* desk doing staff work, whatever the retired KYC_REVIEW_PROVIDER, NOTARY_PROVIDER and INVOICE_PROVIDER say.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { APP_MODE: 'sandbox', KYC_REVIEW_PROVIDER: 'sandbox', NOTARY_PROVIDER: 'sandbox', INVOICE_PROVIDER: 'sandbox' } as Record<
      string,
      string
    >,
  });
});
afterAll(() => t.close());

describe('desks done by staff', () => {
  it('no sandbox desk does staff work (the face page and the SMS outbox, outside parties, stay)', async () => {
    for (const url of [
      '/sandbox/kyc',
      '/sandbox/kyc.json',
      '/sandbox/notary',
      '/sandbox/notary.json',
      '/sandbox/invoices',
      '/sandbox/invoices.json',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    for (const url of ['/sandbox/kyc/decide', '/sandbox/notary/decide', '/sandbox/invoices/decide']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'id=1',
      });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/face?certify_id=unknown' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/sms.json?phone=13740000009' })).statusCode).toBe(200);
  });

  it('leave verification to the review desk of the console', async () => {
    const { token } = await register(t, '13740000001');
    const { payload, contentType } = multipartBody(
      PERSON_FIELDS,
      imageParts({ authorFront: PNG_BYTES, authorBack: PNG_BYTES, authorHand: PNG_BYTES }),
    );
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/peruser/perAuthorize',
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload,
    });
    expect(submitted.json<Envelope<null>>().code).toBe(200);
    const reviewer = await signInNewStaff(t, 'reviewer');
    const [row] = (await staffGet<KycReviewList>(t, '/api/staff/kyc/list', reviewer.token)).body.data.list;
    expect((await staffPost(t, '/api/staff/kyc/approve', { id: String(row?.id) }, reviewer.token)).body.code).toBe(200);
    expect((await t.post<UserInfo>('/api/user/getUserInfo', {}, token)).body.data).toMatchObject({ userStatus: 3 });
  });
});
