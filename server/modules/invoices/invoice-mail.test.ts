import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceDeskDetail } from '../../../contracts/index';
import { type ConfigError, loadConfig, sandboxProviders } from '../../config';
import { createTranslator } from '../../i18n';
import { chinaDay } from '../../lib/time';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { appliedForInvoice, ELECTRONIC_HEADER, INVOICE_PDF, issueElectronic } from '../../test-support/invoices';
import { mimeParts, startSmtpStandIn, type SmtpStandIn } from '../../test-support/smtp-standin';
import { signInNewStaff, staffGet, staffPost, type SignedInStaff } from '../../test-support/staff';
import { captureModuleOf } from '../capture/routes';

const tr = createTranslator();
const SENDER = 'invoice@example.com';

describe('MAIL_PROVIDER configuration', () => {
  it('production refuses the sandbox mail provider, as it refuses sandbox SMS', () => {
    expect(sandboxProviders(loadConfig({}))).toContain('MAIL_PROVIDER=sandbox');
    expect(sandboxProviders(loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_HOST: 'mail.example.com', SMTP_FROM: SENDER }))).not.toContain(
      'MAIL_PROVIDER=sandbox',
    );
    try {
      loadConfig({ APP_MODE: 'production', MAIL_PROVIDER: 'sandbox' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).kind).toBe('productionSandbox');
      expect((error as ConfigError).details).toContain('MAIL_PROVIDER=sandbox');
    }
  });

  it('reads SMTP_URL or SMTP_HOST and the rest, naming the wrong variable at start', () => {
    expect(
      loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtps://u%40x:p%3Ass@mail.example.com', SMTP_FROM: `平台 <${SENDER}>` }).smtp,
    ).toEqual({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      auth: { user: 'u@x', pass: 'p:ss' },
      from: `平台 <${SENDER}>`,
      timeoutMs: 15000,
    });
    expect(
      loadConfig({
        MAIL_PROVIDER: 'smtp',
        SMTP_HOST: 'mail.example.com',
        SMTP_PORT: '2525',
        SMTP_USER: 'u',
        SMTP_PASS: 'p',
        SMTP_FROM: SENDER,
      }).smtp,
    ).toMatchObject({ host: 'mail.example.com', port: 2525, secure: false, auth: { user: 'u', pass: 'p' } });
    expect(loadConfig({ SMTP_HOST: 'ignored' }).smtp).toBeNull();
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ MAIL_PROVIDER: 'smtp', ...env });
        return '';
      } catch (error) {
        return (error as ConfigError).details;
      }
    };
    expect(refused({ SMTP_HOST: 'mail.example.com' })).toMatch(/^SMTP_FROM/);
    expect(refused({ SMTP_FROM: SENDER })).toMatch(/^SMTP_HOST/);
    expect(refused({ SMTP_URL: 'http://mail.example.com', SMTP_FROM: SENDER })).toMatch(/^SMTP_URL/);
    expect(refused({ SMTP_URL: 'smtp://u@mail.example.com', SMTP_FROM: SENDER })).toMatch(/^SMTP_URL/);
    expect(refused({ SMTP_HOST: 'mail.example.com', SMTP_PORT: '0', SMTP_FROM: SENDER })).toMatch(/^SMTP_PORT/);
    expect(refused({ SMTP_HOST: 'mail.example.com', SMTP_USER: 'u', SMTP_FROM: SENDER })).toMatch(/^SMTP_PASS/);
    expect(refused({ SMTP_HOST: 'mail.example.com', SMTP_FROM: 'not an address' })).toMatch(/^SMTP_FROM/);
    expect(refused({ SMTP_HOST: 'mail.example.com', SMTP_SECURE: 'maybe', SMTP_FROM: SENDER })).toMatch(/^SMTP_SECURE/);
  });
});

describe('MAIL_PROVIDER=smtp: the invoice reaches an SMTP server', () => {
  let smtp: SmtpStandIn;
  let t: TestApp;
  let finance: SignedInStaff;
  beforeAll(async () => {
    smtp = await startSmtpStandIn('mailer', 'mail-secret');
    t = await createTestApp({
      config: {
        CAPTURE_WORKERS: '0',
        MAIL_PROVIDER: 'smtp',
        SMTP_URL: smtp.url,
        SMTP_FROM: `Evidence <${SENDER}>`,
        SMTP_TIMEOUT_MS: '5000',
      },
    });
    finance = await signInNewStaff(t, 'finance');
  });
  beforeEach(async () => {
    await t.reset();
    await t.db.deleteFrom('jobs').execute();
    smtp.received.length = 0;
    smtp.refuseNext(0);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const jobs = () => captureModuleOf(t.app)!.service.jobs;
  const today = () => chinaDay(t.clock.now());
  const deskDetail = async (id: number) =>
    (await staffGet<InvoiceDeskDetail>(t, `/api/staff/invoices/detail?id=${id}`, finance.token)).body.data;
  const issued = async (phone: string) => {
    const a = await appliedForInvoice(t, phone, ELECTRONIC_HEADER);
    await staffPost(t, '/api/staff/invoices/submit', { id: String(a.id) }, finance.token);
    const reply = await issueElectronic(
      t,
      finance.token,
      { id: String(a.id), invoiceNumber: '12345678', invoiceCode: '044031900111', invoiceDate: today() },
      [{ field: 'invoice', name: 'x.pdf', content: INVOICE_PDF }],
    );
    expect(reply.body, reply.body.msg).toMatchObject({ code: 200 });
    return a;
  };

  it('logs in and delivers the mail with the PDF attached; the desk sees it sent; no sandbox outbox exists', async () => {
    const a = await issued('13750000001');
    expect(await jobs().drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail).toMatchObject({ from: SENDER, to: ['li@example.com'], user: 'mailer' });
    const parts = mimeParts(mail.raw);
    const pdf = parts.find((p) => (p.headers['content-type'] ?? '').startsWith('application/pdf'));
    expect(pdf?.headers['content-disposition']).toMatch(/^attachment/);
    expect(pdf?.body.equals(INVOICE_PDF)).toBe(true);
    const text = parts.find((p) => (p.headers['content-type'] ?? '').startsWith('text/plain'));
    expect(text?.body.toString('utf8')).toContain('044031900111');
    expect(await deskDetail(a.id)).toMatchObject({ mailState: 'sent', mailError: '' });
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/mail.json' })).statusCode).toBe(404);
  });

  it('a refused mail is retried by the job; after the last attempt the desk sees it failed and may send it again', async () => {
    const a = await issued('13750000002');
    smtp.refuseNext(1);
    await jobs().drain();
    expect(smtp.received).toHaveLength(0);
    const waiting = await deskDetail(a.id);
    expect(waiting.mailState).toBe('queued');
    expect(waiting.mailError).toMatch(/451/);
    t.clock.advance(10_000);
    await jobs().drain();
    expect(smtp.received).toHaveLength(1);
    expect(await deskDetail(a.id)).toMatchObject({ mailState: 'sent', mailError: '' });

    // Every attempt refused: failed, shown on the desk; sending again queues a new job that delivers.
    const b = await issued('13750000003');
    smtp.refuseNext(100);
    for (let i = 0; i < 6; i++) {
      await jobs().drain();
      t.clock.advance(60_000);
    }
    expect(await deskDetail(b.id)).toMatchObject({ mailState: 'failed' });
    expect((await staffPost(t, '/api/staff/invoices/resendMail', { id: String(a.id) }, finance.token)).body.msg).toBe(
      tr.t('invoice:mailNotFailed'),
    );
    smtp.refuseNext(0);
    expect((await staffPost(t, '/api/staff/invoices/resendMail', { id: String(b.id) }, finance.token)).body.code).toBe(200);
    await jobs().drain();
    expect(await deskDetail(b.id)).toMatchObject({ mailState: 'sent' });
    expect(smtp.received.map((m) => m.to)).toEqual([['li@example.com'], ['li@example.com']]);
  });

  it('a worker that dies after claiming leaves the job to be taken again when its lease runs out', async () => {
    const a = await issued('13750000004');
    // Claimed, then the process "dies": nothing sent, the job still running under a lease.
    expect(await jobs().claim()).not.toBeNull();
    expect(await jobs().drain()).toBe(0);
    t.clock.advance(121_000);
    expect(await jobs().drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(await deskDetail(a.id)).toMatchObject({ mailState: 'sent' });
  });
});
