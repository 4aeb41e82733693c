import { z } from 'zod';
import {
  notaryDeskDetailResponse,
  notaryDeskIdQuery,
  notaryDeskIdRequest,
  notaryDeskListQuery,
  notaryDeskListResponse,
  notaryDeskReasonRequest,
  type StaffAuditAction,
} from '../../../src/shared/api/contracts/index';
import type { RouteDefinition } from '../../http/route';
import type { ModuleContext } from '../../module';
import { deskStateOf } from '../notary/office';
import type { NotaryOrderRow } from '../notary/service';
import { auditedChange, type StaffActor } from './audit';
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

  return [
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
