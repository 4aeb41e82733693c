import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoPayResponse } from '../../../contracts/index';
import { alipaySignContent } from '../../providers/payments';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  token = (await register(t, '13900139014')).token;
});
afterAll(() => t.close());

const formFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', (m[2] ?? '').replace(/&amp;/g, '&')]));

/** The doPay form's fields with `changes`, signed again with the sandbox gateway's key (as a leaked key would allow). */
async function resigned(fields: Record<string, string>, changes: Record<string, string>) {
  const { sign: _sign, sign_type: _type, ...params } = { ...fields, ...changes };
  const row = await t.db.selectFrom('signing_keys').select('secret').where('name', '=', 'sandbox-alipay').executeTakeFirstOrThrow();
  const sign = createHmac('sha256', Buffer.from(row.secret, 'base64')).update(alipaySignContent(params)).digest('base64');
  return { ...params, sign_type: 'HMAC-SHA256', sign };
}

describe('sandbox cashier return link', () => {
  it.each([['/.//evil.example'], ['/%2e%2e//evil.example'], ['/%252F%252Fevil.example'], ['//evil.example'], ['/\\evil.example']])(
    'a return_url of %s becomes /orders',
    async (returnUrl) => {
      const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '1', integral: '10' }, token);
      expect(reply.body.code).toBe(200);
      // A wrong amount answers the closed page, whose back link is made from the form's return_url.
      const fields = await resigned(formFields(reply.body.data.html), { return_url: returnUrl, total_amount: '999.00' });
      const cashier = await t.app.inject({
        method: 'POST',
        url: '/sandbox/alipay/cashier',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(cashier.statusCode).toBe(400);
      const hrefs = [...cashier.body.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs).toEqual(['/orders']);
      expect(cashier.body).not.toContain('evil.example');
    },
  );
});
