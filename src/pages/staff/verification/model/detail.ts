import { createEvent, createStore, sample } from 'effector';
import type { KycReviewDetail, KycReviewView } from '@contracts';
import { translate } from '@/shared/i18n';
import { afterMutations, createRecordScreen } from '@/shared/lib/record-screen';
import { createConfirmedAction, createReasonAction, createReveal } from '@/entities/staff-member';
import { kycApproveMutation, kycDetailQuery, kycRefuseMutation, kycRevealFx, kycViewMutation } from '../api/review';

/**
 * `/staff/verification/{id}`: one submission masked; its clear fields and images only on asking (an audited
 * call, the image links valid for minutes); approve after a confirmation or refuse with a reason, then the
 * submission is read again (its state and decision shown).
 */
const record = createRecordScreen(kycDetailQuery);
export const VerificationDetailGate = record.Gate;
export const { $detail, retryClicked } = record;
export const verificationRecord = record;
export const $view = createStore<KycReviewView | null>(null).on(kycViewMutation.finished.success, (_, { result }) => result);
export const $viewPending = kycViewMutation.$pending;
export const viewClicked = createEvent();
$view.reset([record.Gate.close, record.$id.updates]);
/** The account phone in clear (the audited view original), forgotten on leaving the submission. */
export const phoneReveal = createReveal(kycRevealFx);
sample({ clock: [record.Gate.close, record.$id.updates], target: phoneReveal.cleared });
sample({ clock: viewClicked, source: record.$id, filter: (id) => id > 0, target: kycViewMutation.start });

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

afterMutations({
  mutations: { approved: kycApproveMutation, refused: kycRefuseMutation },
  done: (kind) => translate(`staff-desks:kyc.done.${kind}`),
  then: retryClicked,
});
