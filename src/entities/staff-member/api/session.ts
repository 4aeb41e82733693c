import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { staffApi } from '@/shared/api';
import { staffProfileSchema } from '@contracts';

/** GET /api/staff/me: the signed-in member of staff (name, role, recovery codes left, idle minutes). */
export const staffMeFx = staffApi.get('/staff/me');
export const staffMeQuery = createQuery({ effect: staffMeFx, contract: zodContract(staffProfileSchema) });

/** POST /api/staff/logout: ends the staff session; quiet, the console signs out locally whatever it answers. */
export const staffLogoutFx = staffApi.post('/staff/logout', undefined, { quiet: true });
