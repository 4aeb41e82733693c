import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { staffApi } from '@/shared/api';
import { staffHomeResponse } from '@contracts';

/** GET /api/staff/home: for each queue the role works, how many wait and since when the oldest waits. */
export const staffHomeFx = staffApi.get('/staff/home');
export const staffHomeQuery = createQuery({ effect: staffHomeFx, contract: zodContract(staffHomeResponse) });
