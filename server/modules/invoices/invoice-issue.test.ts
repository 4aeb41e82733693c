import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceDeskDetail, InvoiceDetail } from '../../../contracts/index';
import { createTranslator } from '../../i18n';
import { chinaDay } from '../../lib/time';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import {
  appliedForInvoice,
  ELECTRONIC_HEADER,
  INVOICE_PDF,
  INVOICE_XML,
  issueElectronic,
  ofdFile,
  PAPER_HEADER,
  zipOf,
} from '../../test-support/invoices';
import { signInNewStaff, staffGet, staffPost, type SignedInStaff } from '../../test-support/staff';
import { PNG_BYTES, type MultipartFile } from '../../test-support/uploads';
import { captureModuleOf } from '../capture/routes';
import { invoiceFileKind } from './documents';

const tr = createTranslator();
let t: TestApp;
let finance: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp({ config: { CAPTURE_WORKERS: '0' } });
  finance = await signInNewStaff(t, 'finance');
});
beforeEach(async () => {
  await t.reset();
  await t.db.deleteFrom('jobs').execute();
});
afterAll(() => t.close());

const jobs = () => captureModuleOf(t.app)!.service.jobs;
/** Today in China, as the invoice date field takes it. */
const today = () => chinaDay(t.clock.now());
const submitted = async (phone: string, header = ELECTRONIC_HEADER) => {
  const a = await appliedForInvoice(t, phone, header);
  expect((await staffPost(t, '/api/staff/invoices/submit', { id: String(a.id) }, finance.token)).body.code).toBe(200);
  return a;
};
const pdfPart = (content: Buffer = INVOICE_PDF): MultipartFile => ({
  field: 'invoice',
  name: 'invoice.pdf',
  type: 'application/pdf',
  content,
});
const fields = (id: number, more: Record<string, string> = {}) => ({
  id: String(id),
  invoiceNumber: '12345678',
  invoiceCode: '044031900111',
  invoiceDate: today(),
  ...more,
});
const deskDetail = async (id: number) =>
  (await staffGet<InvoiceDeskDetail>(t, `/api/staff/invoices/detail?id=${id}`, finance.token)).body.data;
const userDetail = (id: number, token: string) => t.post<InvoiceDetail>('/api/User/invoiceDetail', { id: String(id) }, token);
const storedObjects = async () => {
  const root = join(t.dataDir, 'files', 'invoices', 'objects');
  const dirs = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(dirs.map((d) => readdir(join(root, d))))).flat().length;
};
const get = (url: string) => t.app.inject({ method: 'GET', url });
const outbox = async () =>
  (await get('/sandbox/mail.json')).json<{
    list: { to: string; subject: string; text: string; attachments: { name: string; type: string; url: string }[] }[];
  }>().list;

describe('invoice files by content', () => {
  it('tells PDF, OFD (a zip with OFD.xml) and XML apart, and refuses the rest', async () => {
    expect(invoiceFileKind(INVOICE_PDF)).toBe('pdf');
    expect(invoiceFileKind(await ofdFile())).toBe('ofd');
    expect(invoiceFileKind(await zipOf({ 'word/document.xml': '<x/>' }))).toBeNull();
    expect(invoiceFileKind(await zipOf({ 'Doc_0/OFD.xml': '<x/>' }))).toBeNull();
    expect(invoiceFileKind(INVOICE_XML)).toBe('xml');
    expect(invoiceFileKind(PNG_BYTES)).toBeNull();
    expect(invoiceFileKind(Buffer.from([0xff, 0xfe, 0x3c, 0x00]))).toBeNull();
  });
});

describe('issuing an electronic invoice with its file', () => {
  it('refuses a missing or bad number, a bad or missing code, no file, a wrong type and a file too large: nothing stored', async () => {
    const a = await submitted('13740000001');
    const before = await storedObjects();
    const issue = (f: Record<string, string>, files = [pdfPart()]) => issueElectronic(t, finance.token, f, files);
    const refusals: [Promise<{ body: { code: number; msg: string } }>, string][] = [
      [issue({ id: String(a.id), invoiceCode: '044031900111', invoiceDate: today() }), tr.t('validation:invoiceNumber')],
      [issue(fields(a.id, { invoiceNumber: '1234567' })), tr.t('validation:invoiceNumber')],
      [issue(fields(a.id, { invoiceNumber: '1234567A' })), tr.t('validation:invoiceNumber')],
      [issue(fields(a.id, { invoiceCode: '14403190011' })), tr.t('validation:invoiceCode')],
      [issue(fields(a.id, { invoiceCode: '144031900111' })), tr.t('validation:invoiceCode')],
      [issue(fields(a.id, { invoiceCode: '' })), tr.t('validation:invoiceCodeRequired')],
      [
        issue(fields(a.id, { invoiceNumber: `${today().slice(2, 4)}442000000000123456`, invoiceCode: '044031900111' })),
        tr.t('validation:invoiceCodeNone'),
      ],
      [issue(fields(a.id, { invoiceNumber: '99442000000000123456', invoiceCode: '' })), tr.t('validation:invoiceNumberYear')],
      [issue(fields(a.id, { invoiceDate: '2025-02-30' })), tr.t('validation:invoiceDate')],
      [issue(fields(a.id, { invoiceDate: '2099-01-01' })), tr.t('invoice:invoiceDateRange', { from: today(), to: today() })],
      [issue(fields(a.id), []), tr.t('invoice:fileRequired')],
      [issue(fields(a.id), [pdfPart(PNG_BYTES)]), tr.t('invoice:fileType')],
      [issue(fields(a.id), [pdfPart(await zipOf({ 'word/document.xml': '<x/>' }))]), tr.t('invoice:fileType')],
      [
        issue(fields(a.id), [pdfPart(Buffer.concat([INVOICE_PDF, Buffer.alloc(10 * 1024 * 1024)]))]),
        tr.t('invoice:fileTooLarge', { mb: 10 }),
      ],
      [issue(fields(a.id), [pdfPart(), { field: 'xml', name: 'a.xml', content: INVOICE_XML }]), tr.t('invoice:xmlOnlyFullyDigital')],
      [issue(fields(a.id), [pdfPart(), { field: 'other', name: 'a.pdf', content: INVOICE_PDF }]), tr.t('invoice:fileUnexpected')],
    ];
    for (const [reply, message] of refusals) expect((await reply).body).toMatchObject({ code: 400, msg: message });
    // Not multipart at all, and a paper application through the electronic form.
    expect((await staffPost(t, '/api/staff/invoices/issueElectronic', fields(a.id), finance.token)).body.msg).toBe(
      tr.t('invoice:fileRequired'),
    );
    const paper = await submitted('13740000002', PAPER_HEADER);
    expect((await issue(fields(paper.id))).body.msg).toBe(tr.t('invoice:paperNeedsCourier'));
    // An electronic application cannot be issued without its file.
    expect(
      (
        await staffPost(
          t,
          '/api/staff/invoices/issue',
          { id: String(a.id), courierCompany: 'SF', courierNumber: 'SF1234567890' },
          finance.token,
        )
      ).body.msg,
    ).toBe(tr.t('invoice:electronicNeedsFile'));

    expect(await storedObjects()).toBe(before);
    expect(await t.db.selectFrom('invoice_files').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    expect(await deskDetail(a.id)).toMatchObject({ status: 2, invoiceNumber: '', mailState: '' });
  });

  it('issues with a PDF: the owner sees number, code and date and downloads the same bytes; the mail is in the sandbox outbox', async () => {
    const a = await submitted('13740000003');
    const reply = await issueElectronic(t, finance.token, fields(a.id, { email: 'finance@example.com' }), [pdfPart()]);
    expect(reply.body, reply.body.msg).toMatchObject({ code: 200 });
    expect(await deskDetail(a.id)).toMatchObject({
      status: 3,
      invoiceNumber: '12345678',
      invoiceCode: '044031900111',
      invoiceDate: today(),
      email: 'finance@example.com',
      files: [{ kind: 'pdf', size: INVOICE_PDF.length }],
      mailState: 'queued',
    });

    const detail = (await userDetail(a.id, a.token)).body.data;
    expect(detail).toMatchObject({ status: 3, invoice_number: '12345678', invoice_code: '044031900111', invoice_date: today() });
    expect(detail.files.map((f) => [f.kind, f.name])).toEqual([['pdf', tr.t('invoice:fileName', { number: '12345678', ext: 'pdf' })]]);
    const file = await get(detail.files[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(INVOICE_PDF)).toBe(true);

    // Another user: the application answers as missing, and a link re-pointed at them is no link.
    const other = await appliedForInvoice(t, '13740000004', ELECTRONIC_HEADER);
    expect((await userDetail(a.id, other.token)).body).toMatchObject({ code: 404, msg: tr.t('invoice:applicationMissing') });
    const forged = detail.files[0]!.url.replace(`u=${a.userId}`, `u=${other.userId}`);
    expect(forged).not.toBe(detail.files[0]!.url);
    expect((await get(forged)).statusCode).toBe(404);
    expect((await get(detail.files[0]!.url.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(404);

    expect(await outbox()).toEqual([]);
    expect(await jobs().drain()).toBe(1);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: 'finance@example.com', subject: tr.t('invoice:mailSubject', { no: a.applyNo, number: '12345678' }) });
    expect(mail!.text).toContain('044031900111');
    expect(mail!.attachments.map((x) => [x.name, x.type])).toEqual([
      [tr.t('invoice:fileName', { number: '12345678', ext: 'pdf' }), 'application/pdf'],
    ]);
    expect((await get(mail!.attachments[0]!.url)).rawPayload.equals(INVOICE_PDF)).toBe(true);
    const page = await get('/sandbox/mail');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(mail!.attachments[0]!.url);
    expect(await deskDetail(a.id)).toMatchObject({ mailState: 'sent', mailError: '' });
    // The job ran once: draining again sends nothing more.
    expect(await jobs().drain()).toBe(0);
    expect(await outbox()).toHaveLength(1);
  });

  it('issues a fully digital invoice: a 20-digit number without code, an OFD and its XML', async () => {
    const a = await submitted('13740000005');
    const ofd = await ofdFile();
    const number = `${today().slice(2, 4)}442000000000123456`;
    const reply = await issueElectronic(t, finance.token, fields(a.id, { invoiceNumber: number, invoiceCode: '' }), [
      { field: 'invoice', name: 'invoice.ofd', content: ofd },
      { field: 'xml', name: 'invoice.xml', content: INVOICE_XML },
    ]);
    expect(reply.body, reply.body.msg).toMatchObject({ code: 200 });
    const detail = (await userDetail(a.id, a.token)).body.data;
    expect(detail).toMatchObject({ invoice_number: number, invoice_code: '' });
    expect(detail.files.map((f) => f.kind)).toEqual(['ofd', 'xml']);
    expect((await get(detail.files[0]!.url)).rawPayload.equals(ofd)).toBe(true);
    expect((await get(detail.files[1]!.url)).rawPayload.equals(INVOICE_XML)).toBe(true);
    await jobs().drain();
    expect((await outbox())[0]!.attachments.map((x) => x.type)).toEqual(['application/ofd', 'application/xml']);
  });

  it('a refused XML part of a fully digital invoice stores nothing', async () => {
    const a = await submitted('13740000006');
    const before = await storedObjects();
    const number = `${today().slice(2, 4)}442000000000123456`;
    const reply = await issueElectronic(t, finance.token, fields(a.id, { invoiceNumber: number, invoiceCode: '' }), [
      pdfPart(),
      { field: 'xml', name: 'invoice.xml', content: PNG_BYTES },
    ]);
    expect(reply.body.msg).toBe(tr.t('invoice:xmlType'));
    expect(await storedObjects()).toBe(before);
  });
});

describe('a paper invoice', () => {
  it('records its courier company and tracking number, shown to the user', async () => {
    const a = await submitted('13740000007', PAPER_HEADER);
    const issue = (form: Record<string, string>) => staffPost(t, '/api/staff/invoices/issue', { id: String(a.id), ...form }, finance.token);
    expect((await issue({ courierNumber: 'SF1234567890' })).body.msg).toBe(tr.t('validation:courierCompany'));
    expect((await issue({ courierCompany: '顺丰速运', courierNumber: 'SF#1' })).body.msg).toBe(tr.t('validation:courierNumber'));
    expect((await issue({ courierCompany: '顺丰速运', courierNumber: 'SF1234567890' })).body.code).toBe(200);
    expect((await userDetail(a.id, a.token)).body.data).toMatchObject({
      courier_company: '顺丰速运',
      courier_number: 'SF1234567890',
      files: [],
    });
    expect(await deskDetail(a.id)).toMatchObject({ courierCompany: '顺丰速运', courierNumber: 'SF1234567890', mailState: '' });
  });
});
