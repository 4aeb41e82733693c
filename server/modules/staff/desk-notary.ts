import { z } from 'zod';
import {
  notaryDeskDetailResponse,
  notaryDeskIdQuery,
  notaryDeskIdRequest,
  notaryDeskListQuery,
  notaryDeskListResponse,
  notaryDeskReasonRequest,
  notaryDeskCertificateQuery,
  notaryDeskShipRequest,
  notaryDeskOpenRequest,
  notaryDeskOpenResponse,
  notaryDeskViewResponse,
  type StaffAuditAction,
} from '../../../contracts/index';
import { fileLink } from '../../files/links';
import { badRequest, notFound } from '../../http/errors';
import { isOctetStream, readRawUpload } from '../../http/upload';
import { CERTIFICATE_PDF_PATH } from '../evidence/index';
import { downloadName } from '../evidence/index';
import { documentTitle } from '../notary/index';
import { issuedDocumentKey } from '../notary/index';
import { auditedChange, writeAudit, type StaffActor } from './audit';
import type { RouteDefinition } from '../../http/route';
import type { ModuleContext } from '../../module';
import { deskStateOf } from '../notary/index';
import type { NotaryOrderRow } from '../notary/index';
import { defineStaffRoute } from './route';

const TAG = 'staff-notary';
const NOTARY = ['notary'] as const;

/** What the audit keeps of a notary order: where it stands, never the application's personal data. */
const orderState = (row: NotaryOrderRow) => ({
  state: deskStateOf(row),
  notarial: row.notarial,
  accepted: row.accepted_at !== null,
  paid: row.paid_at !== null,
  refunded: row.refunded_at !== null,
  transferWaiting: row.transfer_at !== null && row.paid_at === null,
  failReason: row.fail_reason,
  voidReason: row.void_reason,
  transferRejectReason: row.transfer_reject_reason,
  certificateAttached: row.certificate_file_key !== null,
  certificateSize: row.certificate_size,
  shipped: row.shipped_at !== null,
  shipCourier: row.ship_courier,
  shipNumber: row.ship_number,
});

/**
 * The notary office desk (notary clerks): the queue of paid orders and transfers to confirm, one order with its
 * documents and screenshot, and the office's decisions through the same service methods as the sandbox office,
 * each audited in its transaction.
 */
export function notaryDeskRoutes(ctx: ModuleContext): RouteDefinition[] {
  const { service } = ctx.notary;
  const audit = (actor: StaffActor, id: number, action: StaffAuditAction) =>
    auditedChange<NotaryOrderRow>(ctx.clock, actor, { action, recordType: 'notaryOrder', recordId: id }, orderState, (trx) =>
      trx.selectFrom('notary_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
  const decision = (
    url: string,
    summary: string,
    action: StaffAuditAction,
    run: (id: number, reason: string, actor: StaffActor) => Promise<void>,
  ) =>
    defineStaffRoute({
      method: 'POST',
      url,
      summary,
      tag: TAG,
      roles: NOTARY,
      body: notaryDeskIdRequest,
      response: z.null(),
      successMessage: `staff:${action}`,
      handler: async ({ body, actor }) => {
        await run(body.id, '', actor);
        return null;
      },
    });
  const withReason = (
    url: string,
    summary: string,
    action: StaffAuditAction,
    run: (id: number, reason: string, actor: StaffActor) => Promise<void>,
  ) =>
    defineStaffRoute({
      method: 'POST',
      url,
      summary,
      tag: TAG,
      roles: NOTARY,
      body: notaryDeskReasonRequest,
      response: z.null(),
      successMessage: `staff:${action}`,
      handler: async ({ body, actor }) => {
        await run(body.id, body.reason, actor);
        return null;
      },
    });

  const t = ctx.translator;
  const opened = (actor: StaffActor, id: number, after: Record<string, unknown>) =>
    writeAudit(ctx.db, ctx.clock, actor, { action: 'notaryFileOpened', recordType: 'notaryOrder', recordId: id, after });

  return [
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/notary/certificate',
      summary:
        'Attaches the notarial certificate to an accepted order: the PDF as the whole body (application/octet-stream, id in the query), a PDF by content, whole, at most 20 MB; replaces an earlier one until the order is completed',
      tag: TAG,
      roles: NOTARY,
      response: z.null(),
      successMessage: 'staff:notaryCertificateAttached',
      handler: async ({ request, actor }) => {
        if (!isOctetStream(request) || request.headers['content-length'] === '0') {
          (request.body as { resume?: () => void } | undefined)?.resume?.();
          throw badRequest('notarisation:certificateRequired');
        }
        const { fields, source } = readRawUpload(request, t, notaryDeskCertificateQuery, 'id');
        await service.attachCertificate(fields.id, source, audit(actor, fields.id, 'notaryCertificateAttached'));
        return null;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/notary/ship',
      summary:
        'Paper delivery: records the courier and the tracking number of a completed order when the certificate is sent (once); the user is told',
      tag: TAG,
      roles: NOTARY,
      body: notaryDeskShipRequest,
      response: z.null(),
      successMessage: 'staff:notaryShipped',
      handler: async ({ body, actor }) => {
        await service.ship(body.id, body.courier, body.number, audit(actor, body.id, 'notaryShipped'));
        return null;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/notary/view',
      summary: "The order's masked values in clear (account phone, ID number, contact phone, delivery address); audited before it answers",
      tag: TAG,
      roles: NOTARY,
      body: notaryDeskIdRequest,
      response: notaryDeskViewResponse,
      reveals: true,
      handler: async ({ body, actor }) => {
        const view = await service.officeReveal(body.id);
        // Which values were shown, never the values.
        await writeAudit(ctx.db, ctx.clock, actor, {
          action: 'notaryViewed',
          recordType: 'notaryOrder',
          recordId: body.id,
          after: { fields: ['phone', 'applicantIdNumber', 'contactPhone', 'address'] },
        });
        return view;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/notary/open',
      summary:
        "A link for minutes to one of the order's files: an issued document (kind document, type 1-5), the certificate as attached (kind certificate, before completion too), or a covered record's certificate (recordCertificate) or file (recordFile, evidenceId); audited",
      tag: TAG,
      roles: NOTARY,
      body: notaryDeskOpenRequest,
      response: notaryDeskOpenResponse,
      handler: async ({ body, actor }) => {
        const order = await ctx.db
          .selectFrom('notary_orders')
          .select(['id', 'user_id', 'order_no', 'paid_at', 'certificate_file_key'])
          .where('id', '=', body.id)
          .executeTakeFirst();
        if (!order || !order.paid_at) throw notFound('notarisation:orderMissing');
        // The links serve only while the user's order (or record) still names the file: the user's erasure ends them.
        const holder = { owner: order.user_id, record: 'notary', id: order.id } as const;
        if (body.kind === 'certificate') {
          // The certificate as attached, before completion too (the clerk checks it before issuing it).
          if (!order.certificate_file_key) throw badRequest('notarisation:deskCertificateFirst');
          await opened(actor, order.id, { certificate: true });
          const name = `${documentTitle(t, 5)}-${order.order_no}.pdf`;
          return fileLink(ctx.links, { key: order.certificate_file_key, name, type: 'application/pdf', holder });
        }
        if (body.kind === 'document') {
          const type = body.type as 1 | 2 | 3 | 4 | 5;
          const found = await service.documentFor(order.user_id, order.id, type);
          if (found === 'generating') throw badRequest('notarisation:documentNotIssued');
          const key = await issuedDocumentKey(ctx, service, ctx.pdf, found, type, t);
          await opened(actor, order.id, { document: type });
          const name = `${documentTitle(t, type)}-${found.row.order_no}.pdf`;
          return fileLink(ctx.links, { key, name, type: 'application/pdf', holder });
        }
        const record = await service.coveredRecord(order.id, body.evidenceId);
        if (body.kind === 'recordCertificate') {
          await opened(actor, order.id, { recordCertificate: record.baoquan });
          return ctx.links.create(CERTIFICATE_PDF_PATH, { b: record.baoquan, v: 'o' });
        }
        if (record.file_present === false) throw badRequest('preservation:fileMissing');
        await opened(actor, order.id, { recordFile: record.baoquan });
        // The record's own file: held by the evidence row (a record deleted or erased stops serving it).
        return fileLink(ctx.links, {
          key: record.file_key,
          name: downloadName(record),
          type: record.mime,
          holder: { owner: record.user_id, record: 'evidence', id: record.id },
        });
      },
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/notary/list',
      summary:
        'Notarisation orders the office works on, by state (waiting, accepted, transfer, succeeded, failed, voided; queues oldest first), order number and phone, 10 a page',
      tag: TAG,
      roles: NOTARY,
      query: notaryDeskListQuery,
      response: notaryDeskListResponse,
      handler: ({ query }) => service.officeList(query),
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/notary/detail',
      summary: 'One order: application, records, documents issued, and the bank transfer screenshot (a link for minutes)',
      tag: TAG,
      roles: NOTARY,
      query: notaryDeskIdQuery,
      response: notaryDeskDetailResponse,
      handler: ({ query }) => service.officeDetail(query.id),
    }),
    decision(
      '/api/staff/notary/accept',
      'Accepts a paid order: the acceptance notice and the application notice are issued, the user notified',
      'notaryAccepted',
      (id, reason, actor) => service.decide(id, 'accept', reason, audit(actor, id, 'notaryAccepted')),
    ),
    decision(
      '/api/staff/notary/complete',
      'Completes an accepted order: the inquiry record is issued, the notarisation succeeded, the user notified',
      'notaryCompleted',
      (id, reason, actor) => service.decide(id, 'complete', reason, audit(actor, id, 'notaryCompleted')),
    ),
    withReason(
      '/api/staff/notary/fail',
      'Fails an order in progress with a reason: points paid are refunded (a transfer goes back from the office), the user notified',
      'notaryFailed',
      (id, reason, actor) => service.decide(id, 'fail', reason, audit(actor, id, 'notaryFailed')),
    ),
    withReason(
      '/api/staff/notary/void',
      'Voids (terminates) an order in progress with a reason: points paid are refunded (a transfer goes back from the office), the user notified',
      'notaryVoided',
      (id, reason, actor) => service.officeVoid(id, reason, audit(actor, id, 'notaryVoided')),
    ),
    decision(
      '/api/staff/notary/transfer/confirm',
      'Confirms a bank transfer: the order is paid and in progress, its application form issued, the user notified',
      'transferConfirmed',
      (id, reason, actor) => service.decideTransfer(id, 'confirm', reason, audit(actor, id, 'transferConfirmed')),
    ),
    withReason(
      '/api/staff/notary/transfer/reject',
      'Rejects a bank transfer with a reason: the order goes back to step 4 (pay again), the user notified',
      'transferRejected',
      (id, reason, actor) => service.decideTransfer(id, 'reject', reason, audit(actor, id, 'transferRejected')),
    ),
  ];
}
