import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { NotaryDownload, NotaryPayment } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { deskDecide } from '../../test-support/staff';
import { register } from '../../test-support/flows';
import { verifyOrganisation } from '../../test-support/kyc';
import { get, multipartBody, PNG_BYTES, preserve } from '../../test-support/uploads';
import { copyText } from '../../test-support/copy';

const run = promisify(execFile);
let t: TestApp;
/** Every Chromium the app starts: certificates and notary documents share one, closed with the app. */
let launches: MockInstance<typeof chromium.launch>;
beforeAll(async () => {
  launches = vi.spyOn(chromium, 'launch');
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  const browsers = (await Promise.all(launches.mock.results.map((r) => r.value as Promise<Browser>))).filter(Boolean);
  expect(browsers.map((b) => b.isConnected())).toEqual([false]);
  launches.mockRestore();
});

/** An organisation verified at the staff console's review desk (its company and credit code go on the documents). */
async function verifiedOrganisation(phone: string): Promise<string> {
  const { token } = await register(t, phone);
  await verifyOrganisation(t, token, phone);
  return token;
}

async function pdfText(token: string, orderId: number, type: number): Promise<string> {
  const link = await get<NotaryDownload>(t, `/api/notary/download?orderId=${orderId}&type=${type}`, token);
  expect(link.body.code).toBe(200);
  const data = link.body.data;
  if (typeof data === 'string') throw new Error(`document ${type} not issued: ${data}`);
  const response = await t.app.inject({ method: 'GET', url: data.downUrl });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = join(t.dataDir, `notary-${type}.pdf`);
  await writeFile(file, response.rawPayload);
  if (process.env.NOTARY_PDF_DIR) await writeFile(join(process.env.NOTARY_PDF_DIR, `notary-${type}.pdf`), response.rawPayload);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout.replace(/\s+/g, '');
}

describe('the four notary documents (Chromium page.pdf, Noto CJK fonts)', () => {
  it(
    'carry the order number, applicant, records with baoquan numbers and hashes, as extractable Chinese text',
    { timeout: 120_000 },
    async () => {
      const phone = '13700000091';
      const token = await verifiedOrganisation(phone);
      const { payload, contentType } = multipartBody(
        { name: '合同专用章', isDefault: '1' },
        { name: 'seal.png', content: PNG_BYTES, type: 'image/png' },
      );
      await t.app.inject({
        method: 'POST',
        url: '/api/signature/upload',
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        payload,
      });
      const record = await preserve(t, token, { name: '租赁合同.pdf', content: randomBytes(100) }, { label: '房屋租赁' });
      const created = await t.post<{ id: number; orderNo: string }>('/api/notary/create', { type: '1', ids: String(record.id) }, token);
      const { id: orderId, orderNo } = created.body.data;
      await t.post('/api/notary/applicationForm', { orderId: String(orderId), purpose: '1', copies: '2', delivery: '1' }, token);
      await t.post('/api/notary/sign', { orderId: String(orderId) }, token);
      await t.post('/api/notary/decode', { orderId: String(orderId), agree: '1' }, token);
      const { proOrderNo } = (await t.post<NotaryPayment>('/api/notary/payment', { orderId: String(orderId) }, token)).body.data;
      await sql`UPDATE users SET points = 10000 WHERE phone = ${phone}`.execute(t.db);
      expect((await t.post('/api/Evidences/pay', { order_no: proOrderNo }, token)).body.code).toBe(200);
      // The notary office accepts and completes the order in the staff console.
      await deskDecide(t, 'notary', '/api/staff/notary/accept', { id: String(orderId) });
      await deskDecide(t, 'notary', '/api/staff/notary/complete', { id: String(orderId) });

      const titles = [
        copyText('notarisation:doc1Title'),
        copyText('notarisation:doc2Title'),
        copyText('notarisation:doc3Title'),
        copyText('notarisation:doc4Title'),
      ];
      for (const [index, title] of titles.entries()) {
        const text = await pdfText(token, orderId, index + 1);
        expect(text).toContain(title);
        expect(text).toContain(orderNo);
        expect(text).toContain('深圳市示例科技有限公司');
      }
      const application = await pdfText(token, orderId, 1);
      expect(application).toContain(record.baoquan);
      expect(application).toContain(record.filehash);
      expect(application).toContain('租赁合同.pdf');
      expect(application).toContain('91440300708461136T');
      expect(application).toContain(copyText('notarisation:purpose1'));
      expect(application).toContain(copyText('notarisation:delivery1'));
      const inquiry = await pdfText(token, orderId, 4);
      expect(inquiry).toContain('以上所述属实');
      expect(inquiry).toContain(record.baoquan);

      // Rendered once, then kept: the second link names the same stored bytes.
      const keys = await t.db.selectFrom('notary_documents').select('file_key').where('order_id', '=', orderId).orderBy('type').execute();
      expect(keys.every((k) => k.file_key)).toBe(true);

      // The record's certificate is printed by the same browser as the notary documents.
      const certificate = await get<{ url: string }>(t, `/api/check/downCertificate?baoquan=${record.baoquan}`, token);
      const printed = await t.app.inject({ method: 'GET', url: certificate.body.data.url });
      expect(printed.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(launches).toHaveBeenCalledOnce();
    },
  );
});
