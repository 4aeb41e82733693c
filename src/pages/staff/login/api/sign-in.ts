import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import type { z } from 'zod';
import { staffApi } from '@/shared/api';
import {
  staffEnrolResponse,
  staffLoginResponse,
  staffNextResponse,
  staffSignedInResponse,
  type staffConfirmRequest,
  type staffFirstPasswordRequest,
  type staffLoginRequest,
  type staffVerifyRequest,
} from '@contracts';

// The sign-in steps are public calls (each checks its challenge); quiet: the page shows their failures itself.

/** POST /api/staff/login {username, password} -> {challenge, next, expiresIn}. */
export const staffLoginFx = staffApi.post('/staff/login', (body: z.output<typeof staffLoginRequest>) => body, { quiet: true });
export const staffLoginMutation = createMutation({ effect: staffLoginFx, contract: zodContract(staffLoginResponse) });

/** POST /api/staff/login/password {challenge, password, confirmPassword} -> {next}. */
export const staffFirstPasswordFx = staffApi.post('/staff/login/password', (body: z.output<typeof staffFirstPasswordRequest>) => body, {
  quiet: true,
});
export const staffFirstPasswordMutation = createMutation({ effect: staffFirstPasswordFx, contract: zodContract(staffNextResponse) });

/** POST /api/staff/login/enrol {challenge} -> {secret, uri}. */
export const staffEnrolFx = staffApi.post('/staff/login/enrol', (challenge: string) => ({ challenge }), { quiet: true });
export const staffEnrolMutation = createMutation({ effect: staffEnrolFx, contract: zodContract(staffEnrolResponse) });

/** POST /api/staff/login/confirm {challenge, code} -> {token, staff, recoveryCodes}. */
export const staffConfirmFx = staffApi.post('/staff/login/confirm', (body: z.output<typeof staffConfirmRequest>) => body, {
  quiet: true,
});
export const staffConfirmMutation = createMutation({ effect: staffConfirmFx, contract: zodContract(staffSignedInResponse) });

/** POST /api/staff/login/verify {challenge, code | recoveryCode} -> {token, staff}. */
export const staffVerifyFx = staffApi.post(
  '/staff/login/verify',
  (body: z.output<typeof staffVerifyRequest>) =>
    body.method === 'recovery' ? { challenge: body.challenge, recoveryCode: body.code } : { challenge: body.challenge, code: body.code },
  { quiet: true },
);
export const staffVerifyMutation = createMutation({ effect: staffVerifyFx, contract: zodContract(staffSignedInResponse) });
