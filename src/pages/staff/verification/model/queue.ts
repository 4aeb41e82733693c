import { sample } from 'effector';
import { STAFF_PAGE_SIZE } from '@contracts';
import { createListScreen } from '@/shared/lib/paged-list';
import { createReveal } from '@/entities/staff-member';
import { kycQueueQuery, kycRevealFx } from '../api/review';

/** `/staff/verification` (reviewers): submissions 10 a page by kind, state (pending by default) and the account's phone. */
export const queueList = createListScreen({
  pageSize: STAFF_PAGE_SIZE,
  query: kycQueueQuery,
  filters: { range: null, text: '', kind: '', state: 'pending' },
  toParams: ({ kind, state, text }, page) => ({ page, kind, state, phone: text }),
});
export const VerificationQueueGate = queueList.Gate;
export const kindChanged = queueList.fieldChanged('kind');
export const stateChanged = queueList.fieldChanged('state');
export const $queueFilters = queueList.$filters;

/** The account phones shown in clear on this page (the audited view original); forgotten on leaving it. */
export const phoneReveal = createReveal(kycRevealFx);
sample({ clock: VerificationQueueGate.close, target: phoneReveal.cleared });
