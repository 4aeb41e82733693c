import { concurrency } from '@farfetched/core';
import { createEvent, createStore, merge, sample } from 'effector';
import { createGate } from 'effector-react';
import type { KycReviewDetail, KycReviewView } from '@/shared/api';
import { translate } from '@/shared/i18n';
import { showToastFx } from '@/shared/ui';
import { createConfirmedAction, createReasonAction } from '@/entities/staff-member';
import { kycApproveMutation, kycDetailQuery, kycRefuseMutation, kycViewMutation } from '../api/review';

/**
 * `/staff/verification/{id}`: one submission masked; its clear fields and images only on asking (an audited
 * call, the image links valid for minutes); approve after a confirmation or refuse with a reason, then the
 * submission is read again (its state and decision shown).
 */
export const VerificationDetailGate = createGate<{ id: number }>();
concurrency(kycDetailQuery, { strategy: 'TAKE_LATEST' });

export const $detail = kycDetailQuery.$data.map((data): KycReviewDetail | null => data ?? null);
export const $detailFailed = kycDetailQuery.$failed;
export const $view = createStore<KycReviewView | null>(null).on(kycViewMutation.finished.success, (_, { result }) => result);
export const $viewPending = kycViewMutation.$pending;

export const viewClicked = createEvent();
export const retryClicked = createEvent();

const $id = VerificationDetailGate.state.map((props) => ('id' in props ? props.id : 0));
const opened = sample({ clock: VerificationDetailGate.open, fn: ({ id }) => id });
sample({ clock: [opened, $id.updates], source: VerificationDetailGate.status, filter: Boolean, fn: () => undefined, target: retryClicked });
sample({ clock: retryClicked, source: $id, filter: (id) => id > 0, target: kycDetailQuery.start });
sample({ clock: VerificationDetailGate.close, target: kycDetailQuery.reset });
$view.reset([VerificationDetailGate.close, $id.updates]);
sample({ clock: viewClicked, source: $id, filter: (id) => id > 0, target: kycViewMutation.start });

export const approve = createConfirmedAction({
  mutation: kycApproveMutation,
  confirm: (detail: KycReviewDetail) => ({
    title: translate('staff-desks:kyc.confirm.approveTitle', { id: detail.id }),
    content: translate('staff-desks:kyc.confirm.approve'),
    okText: translate('staff-desks:kyc.detail.approve'),
    cancelText: translate('staff-desks:common.cancel'),
  }),
  params: (detail) => detail.id,
});
export const refuse = createReasonAction({
  mutation: kycRefuseMutation,
  params: (detail: KycReviewDetail, reason) => ({ id: detail.id, reason }),
});

const decided = merge([kycApproveMutation.finished.success, kycRefuseMutation.finished.success]);
sample({ clock: decided, target: retryClicked });
sample({
  clock: kycApproveMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('staff-desks:kyc.done.approved') }),
  target: showToastFx,
});
sample({
  clock: kycRefuseMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('staff-desks:kyc.done.refused') }),
  target: showToastFx,
});
