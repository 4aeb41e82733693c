import { STAFF_PAGE_SIZE } from '@contracts';
import { sample } from 'effector';
import { createListScreen, rangeParams, type DayRange } from '@/shared/lib/paged-list';
import { allStaffQuery, auditListQuery } from '../api/audit';

/**
 * `/staff/audit` (administrators): the append-only audit log, newest first, 10 a page, by member of staff,
 * action, record (type and number, the number applied on search) and days.
 */
const audit = createListScreen({
  pageSize: STAFF_PAGE_SIZE,
  query: auditListQuery,
  filters: { range: null as DayRange | null, text: '', staffId: '', action: '', recordType: '' },
  toParams: ({ staffId, action, recordType, text, range }, page) => ({
    page,
    staffId,
    action,
    recordType,
    recordId: text,
    ...rangeParams(range),
  }),
});
export const auditList = audit;
export const StaffAuditGate = audit.Gate;
export const staffChanged = audit.fieldChanged('staffId');
export const actionChanged = audit.fieldChanged('action');
export const recordTypeChanged = audit.fieldChanged('recordType');
export const { textChanged: recordIdChanged, textSubmitted: searchSubmitted, rangeChanged, $filters } = audit;

/** The staff filter's choices, read when the page opens. */
export const $staffChoices = allStaffQuery.$data.map((list) => list ?? []);
sample({ clock: StaffAuditGate.open, target: allStaffQuery.start });
