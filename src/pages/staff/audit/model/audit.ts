import { concurrency } from '@farfetched/core';
import { sample } from 'effector';
import { createGate } from 'effector-react';
import { STAFF_PAGE_SIZE } from '@/shared/api';
import { createPagedList, rangeParams } from '@/shared/lib/paged-list';
import { allStaffQuery, auditListQuery, type AuditParams } from '../api/audit';

/**
 * `/staff/audit` (administrators): the append-only audit log, newest first, 10 a page, by member of staff,
 * action, record (type and number, the number applied on search) and days.
 */
export const StaffAuditGate = createGate();
concurrency(auditListQuery, { strategy: 'TAKE_LATEST' });

const audit = createPagedList({
  gate: StaffAuditGate,
  query: auditListQuery,
  pageSize: STAFF_PAGE_SIZE,
  filters: { range: null, text: '', staffId: '', action: '', recordType: '' },
  toParams: ({ staffId, action, recordType, text, range }, page): AuditParams => ({
    page,
    staffId,
    action,
    recordType,
    recordId: text,
    ...rangeParams(range),
  }),
});

export const staffChanged = audit.filtersChanged.prepend((staffId: string) => ({ staffId }));
export const actionChanged = audit.filtersChanged.prepend((action: string) => ({ action }));
export const recordTypeChanged = audit.filtersChanged.prepend((recordType: string) => ({ recordType }));
export const {
  textChanged: recordIdChanged,
  textSubmitted: searchSubmitted,
  rangeChanged,
  resetClicked,
  pageChanged,
  retryClicked,
  $textDraft: $recordIdDraft,
  $rangeDraft,
  $filters,
  $list,
  $count,
  $page,
  $pages,
  $pending,
  $filtered,
  $view,
} = audit;

/** The staff filter's choices, read when the page opens. */
export const $staffChoices = allStaffQuery.$data.map((list) => list ?? []);
sample({ clock: StaffAuditGate.open, target: allStaffQuery.start });
