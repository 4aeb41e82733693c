import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import type { z } from 'zod';
import { staffApi } from '@/shared/api';
import { staffAccountResponse, staffListResponse, staffPasswordIssuedResponse, type StaffRole, type staffCreateRequest } from '@contracts';

export type StaffListParams = { page: number; role: StaffRole | ''; text: string };

/** GET /api/staff/admin/list {page, role, text}: 10 a page. */
export const staffListFx = staffApi.get('/staff/admin/list', (params: StaffListParams) => params);
export const staffListQuery = createQuery({ effect: staffListFx, contract: zodContract(staffListResponse) });

/** POST /api/staff/admin/create {username, name, role} -> the account and its one-time password; quiet (shown in the form). */
export const createStaffFx = staffApi.post('/staff/admin/create', (body: z.output<typeof staffCreateRequest>) => body, { quiet: true });
export const createStaffMutation = createMutation({ effect: createStaffFx, contract: zodContract(staffPasswordIssuedResponse) });

/** POST /api/staff/admin/role {id, role}. */
export const setStaffRoleFx = staffApi.post('/staff/admin/role', (body: { id: number; role: StaffRole }) => body);
export const setStaffRoleMutation = createMutation({ effect: setStaffRoleFx, contract: zodContract(staffAccountResponse) });

/** POST /api/staff/admin/disable {id, disabled: 1 | 0}. */
export const setStaffDisabledFx = staffApi.post('/staff/admin/disable', ({ id, disabled }: { id: number; disabled: boolean }) => ({
  id,
  disabled: disabled ? '1' : '0',
}));
export const setStaffDisabledMutation = createMutation({ effect: setStaffDisabledFx, contract: zodContract(staffAccountResponse) });

/** POST /api/staff/admin/resetTotp {id}. */
export const resetStaffTotpFx = staffApi.post('/staff/admin/resetTotp', (id: number) => ({ id }));
export const resetStaffTotpMutation = createMutation({ effect: resetStaffTotpFx, contract: zodContract(staffAccountResponse) });

/** POST /api/staff/admin/resetPassword {id} -> a new one-time password. */
export const resetStaffPasswordFx = staffApi.post('/staff/admin/resetPassword', (id: number) => ({ id }));
export const resetStaffPasswordMutation = createMutation({
  effect: resetStaffPasswordFx,
  contract: zodContract(staffPasswordIssuedResponse),
});

/** POST /api/staff/admin/unlock {id}. */
export const unlockStaffFx = staffApi.post('/staff/admin/unlock', (id: number) => ({ id }));
export const unlockStaffMutation = createMutation({ effect: unlockStaffFx, contract: zodContract(staffAccountResponse) });
