import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createEffect } from 'effector';
import { staffApi } from '@/shared/api';
import { staffAuditResponse, staffListResponse, type StaffAccount } from '@contracts';

export type AuditParams = {
  page: number;
  staffId: string;
  action: string;
  recordType: string;
  recordId: string;
  startTime?: number;
  endTime?: number;
};

/** GET /api/staff/admin/audit: newest first, 10 a page. */
export const auditListFx = staffApi.get('/staff/admin/audit', (params: AuditParams) => params);
export const auditListQuery = createQuery({ effect: auditListFx, contract: zodContract(staffAuditResponse) });

/** One page of staff accounts, for the filter's choices. */
export const staffPageFx = staffApi.get('/staff/admin/list', (page: number) => ({ page }));

/** Pages the staff filter reads at most (10 a page). */
const STAFF_PAGES_MAX = 20;

/** Every staff account (up to 200), page by page, for the "by staff" filter. */
export const allStaffFx = createEffect(async (): Promise<StaffAccount[]> => {
  const all: StaffAccount[] = [];
  for (let page = 1; page <= STAFF_PAGES_MAX; page += 1) {
    const { list, count } = staffListResponse.parse(await staffPageFx(page));
    all.push(...list);
    if (list.length === 0 || all.length >= count) break;
  }
  return all;
});
export const allStaffQuery = createQuery({ effect: allStaffFx });
