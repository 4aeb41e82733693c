import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { staffApi } from '@/shared/api';
import { staffRecoveryResponse, type staffPasswordRequest, type staffRecoveryRequest } from '@contracts';

/** POST /api/staff/password {oldPassword, password, confirmPassword}: quiet, the page shows the refusal by the form. */
export const changeStaffPasswordFx = staffApi.post('/staff/password', (body: z.output<typeof staffPasswordRequest>) => body, {
  quiet: true,
});
export const changeStaffPasswordMutation = createMutation({ effect: changeStaffPasswordFx, contract: zodContract(z.null()) });

/** POST /api/staff/recoveryCodes {code}: ten new recovery codes. */
export const renewRecoveryCodesFx = staffApi.post('/staff/recoveryCodes', (body: z.output<typeof staffRecoveryRequest>) => body, {
  quiet: true,
});
export const renewRecoveryCodesMutation = createMutation({ effect: renewRecoveryCodesFx, contract: zodContract(staffRecoveryResponse) });
