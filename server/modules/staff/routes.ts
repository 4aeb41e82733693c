import { z } from 'zod';
import {
  staffAccountResponse,
  staffAuditQuery,
  staffAuditResponse,
  staffChallengeRequest,
  staffConfirmRequest,
  staffCreateRequest,
  staffDisableRequest,
  staffEnrolResponse,
  staffFirstPasswordRequest,
  staffIdRequest,
  staffListQuery,
  staffListResponse,
  staffLoginRequest,
  staffLoginResponse,
  staffNextResponse,
  staffPasswordIssuedResponse,
  staffPasswordRequest,
  staffProfileSchema,
  staffRecoveryRequest,
  staffRecoveryResponse,
  staffRoleRequest,
  staffSignedInResponse,
  staffVerifyRequest,
  staffHomeResponse,
} from '../../../contracts/index';
import { defineRoute, type RouteDefinition } from '../../http/route';
import type { ModuleContext, ServerModule } from '../../module';
import { listAudit } from './audit';
import { staffHome } from './home';
import { financeDeskRoutes } from './desk-finance';
import { kycDeskRoutes } from './desk-kyc';
import { notaryDeskRoutes } from './desk-notary';
import { ANY_STAFF, defineStaffRoute } from './route';

const TAG = 'staff';
const ADMIN = ['admin'] as const;

/** Sign-in (public: each step checks its own challenge), the signed-in account's calls, and administration. */
function staffAccountRoutes(ctx: ModuleContext): RouteDefinition[] {
  const { signIn, accounts } = ctx.staff;
  return [
    defineRoute({
      method: 'POST',
      url: '/api/staff/login',
      summary:
        'Staff sign-in, step 1: username and password; answers a 5-minute challenge and the next step (changePassword, enrol or verify)',
      tag: TAG,
      auth: false,
      body: staffLoginRequest,
      response: staffLoginResponse,
      handler: ({ body, request }) => signIn.login(body, request.ip),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/staff/login/password',
      summary: 'Staff sign-in with a one-time password: the account chooses its own (10-64 characters, letters and digits)',
      tag: TAG,
      auth: false,
      body: staffFirstPasswordRequest,
      response: staffNextResponse,
      successMessage: 'staff:passwordSet',
      handler: ({ body, request }) => signIn.firstPassword(body, request.ip),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/staff/login/enrol',
      summary: 'TOTP enrolment: a new secret (base32) and its otpauth:// URI for the QR code; confirm with /api/staff/login/confirm',
      tag: TAG,
      auth: false,
      body: staffChallengeRequest,
      response: staffEnrolResponse,
      handler: ({ body, request }) => signIn.enrol(body, request.ip),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/staff/login/confirm',
      summary: 'Ends TOTP enrolment with the first code and signs in: the session token and ten recovery codes (shown once)',
      tag: TAG,
      auth: false,
      body: staffConfirmRequest,
      response: staffSignedInResponse,
      successMessage: 'staff:signedIn',
      handler: ({ body, request }) => signIn.confirm(body, request.ip),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/staff/login/verify',
      summary: 'Staff sign-in, last step: a TOTP code (code) or a recovery code (recoveryCode); answers the session token',
      tag: TAG,
      auth: false,
      body: staffVerifyRequest,
      response: staffSignedInResponse,
      successMessage: 'staff:signedIn',
      handler: ({ body, request }) => signIn.verify(body, request.ip),
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/me',
      summary: 'The signed-in member of staff: name, role, recovery codes left, idle minutes',
      tag: TAG,
      roles: ANY_STAFF,
      response: staffProfileSchema,
      handler: ({ staff }) => signIn.profile(staff.staffId),
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/home',
      summary:
        "The staff home page: for each desk queue the member's role works (administrators: all), how many wait and since when the oldest waits",
      tag: TAG,
      roles: ANY_STAFF,
      response: staffHomeResponse,
      handler: ({ staff }) => staffHome(ctx.db, ctx.clock, staff.role),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/logout',
      summary: 'Ends the staff session',
      tag: TAG,
      roles: ANY_STAFF,
      response: z.null(),
      successMessage: 'loggedOut',
      handler: async ({ staff, actor }) => {
        await signIn.logout(staff, actor.ip);
        return null;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/password',
      summary: "Changes the member of staff's password (the old one first); the account's other sessions end",
      tag: TAG,
      roles: ANY_STAFF,
      body: staffPasswordRequest,
      response: z.null(),
      successMessage: 'passwordChanged',
      handler: async ({ staff, body, actor }) => {
        await signIn.changePassword(staff, body, actor.ip);
        return null;
      },
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/recoveryCodes',
      summary: 'Ten new recovery codes for a current TOTP code; the old ones stop working',
      tag: TAG,
      roles: ANY_STAFF,
      body: staffRecoveryRequest,
      response: staffRecoveryResponse,
      handler: ({ staff, body, actor }) => signIn.renewRecoveryCodes(staff, body.code, actor.ip),
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/admin/list',
      summary: 'Staff accounts, 10 a page, by role and part of the name or username (administrators)',
      tag: TAG,
      roles: ADMIN,
      query: staffListQuery,
      response: staffListResponse,
      handler: ({ query }) => accounts.list(query),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/admin/create',
      summary: 'Creates a staff account (username, name, role); answers its one-time password, shown once',
      tag: TAG,
      roles: ADMIN,
      body: staffCreateRequest,
      response: staffPasswordIssuedResponse,
      successMessage: 'staff:created',
      handler: ({ body, actor }) => accounts.create(body, actor),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/admin/role',
      summary: "Changes an account's role (not one's own; the last enabled administrator stays one)",
      tag: TAG,
      roles: ADMIN,
      body: staffRoleRequest,
      response: staffAccountResponse,
      successMessage: 'updated',
      handler: ({ body, actor }) => accounts.setRole(body.id, body.role, actor),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/admin/disable',
      summary: 'disabled=1 disables an account (its sessions end), 0 enables it; never the caller, never the last administrator',
      tag: TAG,
      roles: ADMIN,
      body: staffDisableRequest,
      response: staffAccountResponse,
      successMessage: 'updated',
      handler: ({ body, actor }) => accounts.setDisabled(body.id, body.disabled, actor),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/admin/resetTotp',
      summary: "Forgets an account's authenticator and recovery codes (its sessions end); the next sign-in enrols again",
      tag: TAG,
      roles: ADMIN,
      body: staffIdRequest,
      response: staffAccountResponse,
      successMessage: 'staff:totpReset',
      handler: ({ body, actor }) => accounts.resetTotp(body.id, actor),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/admin/resetPassword',
      summary: 'A new one-time password for an account (shown once; its sessions end; changed at the next sign-in)',
      tag: TAG,
      roles: ADMIN,
      body: staffIdRequest,
      response: staffPasswordIssuedResponse,
      handler: ({ body, actor }) => accounts.resetPassword(body.id, actor),
    }),
    defineStaffRoute({
      method: 'POST',
      url: '/api/staff/admin/unlock',
      summary: 'Lifts the lock of repeated sign-in failures',
      tag: TAG,
      roles: ADMIN,
      body: staffIdRequest,
      response: staffAccountResponse,
      successMessage: 'staff:unlocked',
      handler: ({ body, actor }) => accounts.unlock(body.id, actor),
    }),
    defineStaffRoute({
      method: 'GET',
      url: '/api/staff/admin/audit',
      summary:
        'The audit log, newest first, 10 a page: by staffId, action, recordType + recordId, startTime/endTime (epoch s, end inclusive)',
      tag: TAG,
      roles: ADMIN,
      query: staffAuditQuery,
      response: staffAuditResponse,
      handler: ({ query }) => listAudit(ctx.db, query),
    }),
  ];
}

/** The staff console's API: sign-in, accounts, audit, and the desks. */
export const staffModule: ServerModule = {
  name: 'staff',
  register(_app, ctx) {
    ctx.addRoutes([...staffAccountRoutes(ctx), ...kycDeskRoutes(ctx), ...notaryDeskRoutes(ctx), ...financeDeskRoutes(ctx)]);
  },
};
