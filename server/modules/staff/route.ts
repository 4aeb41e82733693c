import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiCode, STAFF_ROLES, type StaffRole } from '../../../contracts/index';
import { ApiError } from '../../http/errors';
import { parsePart, type Parsed, type RouteDefinition, type RouteFields, type StaffSession } from '../../http/route';
import type { StaffActor } from './audit';
import { maskStaffAnswer } from './masking';

export interface StaffHandlerInput<Body, Query> {
  body: Body;
  query: Query;
  staff: StaffSession;
  /** The member of staff and the client address, as the audit log records them. */
  actor: StaffActor;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface StaffRouteSpec<B, Q, R extends z.ZodTypeAny> extends RouteFields<B, Q, R> {
  /** Who may call, besides administrators (who may call everything). */
  roles: readonly StaffRole[];
  /**
   * The call shows masked values in clear (the audited "view original"): its answer is left as it is. Every other
   * staff answer goes through maskStaffAnswer, the console's one masking rule.
   */
  reveals?: true;
  handler: (input: StaffHandlerInput<Parsed<B>, Parsed<Q>>) => Promise<z.input<R>> | z.input<R>;
}

/** Every role: calls about one's own account and session. */
export const ANY_STAFF: readonly StaffRole[] = STAFF_ROLES;

export const staffSessionExpired = () => new ApiError(401, ApiCode.sessionExpired, 'staff:sessionExpired');
export const staffForbidden = () => new ApiError(403, ApiCode.forbidden, 'staff:forbidden');

/**
 * Declares a staff console call. Before anything else is read, the request must carry `Authorization: Staff
 * <token>` of an active session (else 401, code 408: a user's Bearer token is no staff session) whose account's
 * role is one of `roles` or admin (else 403, code 403); only then are body and query parsed and the handler run.
 */
export function defineStaffRoute<
  B extends z.ZodTypeAny | undefined = undefined,
  Q extends z.ZodTypeAny | undefined = undefined,
  R extends z.ZodTypeAny = z.ZodTypeAny,
>(spec: StaffRouteSpec<B, Q, R>): RouteDefinition {
  const { handler, roles, reveals, ...fields } = spec;
  const allowed: readonly StaffRole[] = ['admin', ...roles.filter((role) => role !== 'admin')];
  return {
    ...fields,
    auth: true,
    staffRoles: allowed,
    body: spec.body,
    query: spec.query,
    async handle(request, reply, ctx) {
      const staff = await ctx.resolveStaffSession(request);
      if (!staff) throw staffSessionExpired();
      if (!allowed.includes(staff.role)) throw staffForbidden();
      const body = parsePart(spec.body, request.body, ctx.translator);
      const query = parsePart(spec.query, request.query, ctx.translator);
      const answer = await handler({ body, query, staff, actor: { staffId: staff.staffId, ip: request.ip }, request, reply });
      return reveals ? answer : maskStaffAnswer(answer);
    },
  };
}
