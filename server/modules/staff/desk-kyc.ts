import { z } from 'zod';
import {
  kycReviewApproveRequest,
  kycReviewDetailResponse,
  kycReviewIdQuery,
  kycReviewListQuery,
  kycReviewListResponse,
  kycReviewRefuseRequest,
  kycReviewViewResponse,
  kycRevealRequest,
} from '../../../contracts/index';
import type { RouteDefinition } from '../../http/route';
import type { ModuleContext } from '../../module';
import type { KycDecisionBefore } from '../kyc/index';
import { auditedChange, writeAudit, type StaffActor } from './audit';
import { defineRevealRoute } from './reveal';
import { defineStaffRoute } from './route';

const TAG = 'staff-kyc';
const REVIEWER = ['reviewer'] as const;

/**
 * The verification desk (reviewers): the queue of organisation, document and supplement submissions, one masked,
 * the audited clear view with the images, and the decisions, which go through KycService.decide exactly as the
 * sandbox desk's do (state machine, notification and SMS), with the audit row in the decision's transaction.
 */
export function kycDeskRoutes(ctx: ModuleContext): RouteDefinition[] {
  const { service, review } = ctx.kyc;

  const audit = (actor: StaffActor, id: number, approve: boolean) =>
    auditedChange<KycDecisionBefore>(
      ctx.clock,
      actor,
      { action: approve ? 'kycApproved' : 'kycRefused', recordType: 'kycSubmission', recordId: id },
      (state) => ({ ...state }),
      async (trx) => {
        const row = await trx
          .selectFrom('kyc_submissions')
          .innerJoin('users', 'users.id', 'kyc_submissions.user_id')
          .select(['kyc_submissions.state', 'kyc_submissions.reason', 'users.user_status', 'users.repair_type'])
          .where('kyc_submissions.id', '=', id)
          .executeTakeFirstOrThrow();
        return { state: row.state, reason: row.reason, userStatus: row.user_status, repairType: row.repair_type };
      },
    );

  return [
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/kyc/list',
      summary:
        'Verification submissions (organisation, document, supplement) by kind and state (default pending, oldest first) and account phone, 10 a page',
      tag: TAG,
      roles: REVIEWER,
      query: kycReviewListQuery,
      response: kycReviewListResponse,
      handler: ({ query }) => review.list(query),
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/kyc/detail',
      summary: 'One submission: its fields with ID numbers, phones and bank accounts masked, and the names of its images',
      tag: TAG,
      roles: REVIEWER,
      query: kycReviewIdQuery,
      response: kycReviewDetailResponse,
      handler: ({ query }) => review.detail(query.id),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/kyc/view',
      summary:
        'A submission in clear (ID numbers included) with links to its images for FILE_LINK_TTL_SECONDS; the view is written to the audit log before it is answered',
      tag: TAG,
      roles: REVIEWER,
      body: kycReviewIdQuery,
      response: kycReviewViewResponse,
      reveals: true,
      handler: async ({ body, actor }) => {
        const view = await review.reveal(body.id);
        await writeAudit(ctx.db, ctx.clock, actor, {
          action: 'kycViewed',
          recordType: 'kycSubmission',
          recordId: body.id,
          // Which parts were shown, never their values.
          after: { fields: ['phone', ...view.fields.map((f) => f.name)], images: view.images.map((i) => i.field) },
        });
        return view;
      },
    }),
    defineRevealRoute(ctx, {
      desk: 'kyc',
      tag: TAG,
      roles: REVIEWER,
      body: kycRevealRequest,
      recordType: 'kycSubmission',
      action: 'kycViewed',
      summary: "One masked value of a submission in clear (field phone: the account's phone); the view is written to the audit log first",
      read: (id) => review.detail(id),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/kyc/approve',
      summary: 'Approves a pending submission: the user is verified (or the supplement passed) and notified by message and SMS',
      tag: TAG,
      roles: REVIEWER,
      body: kycReviewApproveRequest,
      response: z.null(),
      successMessage: 'staff:kycApproved',
      handler: async ({ body, actor }) => {
        await service.decide(body.id, true, '', audit(actor, body.id, true));
        return null;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/kyc/refuse',
      summary: 'Refuses a pending submission with a reason (1-200 characters) the user reads in the message and SMS',
      tag: TAG,
      roles: REVIEWER,
      body: kycReviewRefuseRequest,
      response: z.null(),
      successMessage: 'staff:kycRefused',
      handler: async ({ body, actor }) => {
        await service.decide(body.id, false, body.reason, audit(actor, body.id, false));
        return null;
      },
    }),
  ];
}
