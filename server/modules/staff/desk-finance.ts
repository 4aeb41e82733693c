import { z } from 'zod';
import {
  invoiceDeskDetailResponse,
  invoiceDeskIdQuery,
  invoiceDeskIssueRequest,
  invoiceDeskListQuery,
  invoiceDeskListResponse,
  invoiceDeskRefuseRequest,
  invoiceDeskSubmitRequest,
  invoiceRevealRequest,
  orderDetailQuery,
  orderDetailResponse,
  orderSearchQuery,
  orderSearchResponse,
  refundRetryRequest,
  type StaffAuditAction,
} from '../../../contracts/index';
import type { RouteDefinition } from '../../http/route';
import type { ModuleContext } from '../../module';
import { InvoiceDesk } from '../invoices/index';
import { readElectronicIssue, storeDocuments } from '../invoices/index';
import { invoiceMail } from '../invoices/index';
import type { ApplicationRow } from '../invoices/index';
import { OrderSearch } from '../orders/index';
import { auditedChange, type StaffActor, writeAudit } from './audit';
import { defineRevealRoute } from './reveal';
import { defineStaffRoute } from './route';

const TAG = 'staff-finance';
const FINANCE = ['finance'] as const;

/** What the audit keeps of an invoice application: its status and what the desk wrote on it. */
const applicationState = (row: ApplicationRow) => ({
  status: row.status,
  firstRemark: row.first_remark,
  checkRemark: row.check_remark,
  courierCompany: row.courier_company,
  courierNumber: row.courier_number,
  email: row.email,
  invoiceNumber: row.invoice_number,
  invoiceCode: row.invoice_code,
  invoiceDate: row.invoice_date,
  mailState: row.mail_state,
});

/**
 * The finance desk: invoice applications (list, detail, and the transitions through InvoiceDesk.decide, as the
 * sandbox desk's, audited in their transaction) and the order and payment search with the gateways' records.
 */
export function financeDeskRoutes(ctx: ModuleContext): RouteDefinition[] {
  const { mailer } = invoiceMail({ db: ctx.db, clock: ctx.clock, translator: ctx.translator, jobs: ctx.jobs, mail: ctx.invoiceMail.mail });
  const desk = new InvoiceDesk(ctx.db, ctx.clock, ctx.translator, mailer);
  const orders = new OrderSearch(ctx.db, ctx.translator, () => ctx.clock.now());
  const audit = (actor: StaffActor, id: number, action: StaffAuditAction) =>
    auditedChange<ApplicationRow>(ctx.clock, actor, { action, recordType: 'invoiceApplication', recordId: id }, applicationState, (trx) =>
      trx.selectFrom('invoice_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );

  return [
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/invoices/list',
      summary:
        'Invoice applications of every account by status (1-4), number, phone and time (epoch s, end inclusive), newest first, 10 a page',
      tag: TAG,
      roles: FINANCE,
      query: invoiceDeskListQuery,
      response: invoiceDeskListResponse,
      handler: ({ query }) => desk.list(query),
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/invoices/detail',
      summary: 'One application: header and recipient as applied, remarks, courier number or e-mail, and its orders',
      tag: TAG,
      roles: FINANCE,
      query: invoiceDeskIdQuery,
      response: invoiceDeskDetailResponse,
      handler: ({ query }) => desk.detail(query.id),
    }),
    defineRevealRoute(ctx, {
      desk: 'invoices',
      tag: TAG,
      roles: FINANCE,
      body: invoiceRevealRequest,
      recordType: 'invoiceApplication',
      action: 'invoiceViewed',
      summary:
        'One masked value of an application in clear (phone, account, phoneNumber, recipientPhone, address); the view is written to the audit log first',
      read: (id) => desk.detail(id),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/invoices/submit',
      summary: 'Submits a pending application to finance (1 -> 2) with an optional remark; the user is notified',
      tag: TAG,
      roles: FINANCE,
      body: invoiceDeskSubmitRequest,
      response: z.null(),
      successMessage: 'staff:invoiceSubmitted',
      handler: async ({ body, actor }) => {
        await desk.decide(body.id, { action: 'submit', remark: body.remark }, audit(actor, body.id, 'invoiceSubmitted'));
        return null;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/invoices/issue',
      summary: 'Issues a submitted paper application (2 -> 3) with its courier company and tracking number; orders invoiced, user notified',
      tag: TAG,
      roles: FINANCE,
      body: invoiceDeskIssueRequest,
      response: z.null(),
      successMessage: 'staff:invoiceIssued',
      handler: async ({ body, actor }) => {
        await desk.decide(
          body.id,
          { action: 'issue', courierCompany: body.courierCompany, courierNumber: body.courierNumber },
          audit(actor, body.id, 'invoiceIssued'),
        );
        return null;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/invoices/issueElectronic',
      summary:
        'Issues a submitted electronic application (2 -> 3), multipart: id, email (the applied one by default), invoiceNumber (8 or 20 digits), invoiceCode (12 digits; none for a 20-digit fully digital number), invoiceDate (YYYY-MM-DD), then the file parts invoice (PDF or OFD by content) and xml (fully digital only), at most 10 MB each. The files are stored, the orders invoiced, the user notified, and the e-mail with the files queued as a job',
      tag: TAG,
      roles: FINANCE,
      response: z.null(),
      successMessage: 'staff:invoiceIssued',
      handler: async ({ request, actor }) => {
        const { fields, documents } = await readElectronicIssue(request, ctx.translator);
        // Refused before a byte is stored when the application cannot take it; decide checks again.
        await desk.checkIssuable(fields.id, fields);
        const stored = await storeDocuments(ctx.invoiceMail.store, documents);
        await desk.decide(
          fields.id,
          {
            action: 'issueElectronic',
            email: fields.email,
            invoiceNumber: fields.invoiceNumber,
            invoiceCode: fields.invoiceCode,
            invoiceDate: fields.invoiceDate,
            files: stored.map(({ kind, stored: f }) => ({ kind, key: f.key, size: f.size, sha256: f.sha256 })),
          },
          audit(actor, fields.id, 'invoiceIssued'),
        );
        return null;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/invoices/resendMail',
      summary: 'Queues the e-mail of an issued electronic invoice again after it failed (mailState failed -> queued)',
      tag: TAG,
      roles: FINANCE,
      body: invoiceDeskIdQuery,
      response: z.null(),
      successMessage: 'staff:invoiceMailQueued',
      handler: async ({ body, actor }) => {
        await desk.resendMail(body.id, audit(actor, body.id, 'invoiceMailResent'));
        return null;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/invoices/refuse',
      summary: 'Refuses a pending or submitted application with a reason (-> 4): its orders may be applied for again, the user is notified',
      tag: TAG,
      roles: FINANCE,
      body: invoiceDeskRefuseRequest,
      response: z.null(),
      successMessage: 'staff:invoiceRefused',
      handler: async ({ body, actor }) => {
        await desk.decide(body.id, { action: 'reject', remark: body.reason }, audit(actor, body.id, 'invoiceRefused'));
        return null;
      },
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/orders/list',
      summary: 'Orders of every account by number, phone, type, status and creation time (epoch s, end inclusive), newest first, 10 a page',
      tag: TAG,
      roles: FINANCE,
      query: orderSearchQuery,
      response: orderSearchResponse,
      handler: ({ query }) => orders.list(query),
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/orders/detail',
      summary:
        'One order by number with every gateway notification and query answer about it (gateway_events) and the notarisation it pays',
      tag: TAG,
      roles: FINANCE,
      query: orderDetailQuery,
      response: orderDetailResponse,
      handler: ({ query }) => orders.detail(query.orderNo),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/orders/retryRefund',
      summary:
        "Asks the gateway again for a failed refund of the order's payment (the same out-refund number, so it cannot be refunded twice); audited",
      tag: TAG,
      roles: FINANCE,
      body: refundRetryRequest,
      response: z.null(),
      successMessage: 'staff:refundRetried',
      handler: async ({ body, actor }) => {
        await ctx.refunds.retry(body.orderNo, (trx, refundId, failure) =>
          writeAudit(trx, ctx.clock, actor, {
            action: 'refundRetried',
            recordType: 'paymentRefund',
            recordId: refundId,
            before: { state: 'failed', failure },
            after: { state: 'processing' },
          }),
        );
        return null;
      },
    }),
  ];
}
