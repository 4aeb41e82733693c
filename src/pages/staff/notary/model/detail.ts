import { createEvent, sample } from 'effector';
import type { NotaryDeskDetail } from '@contracts';
import { translate } from '@/shared/i18n';
import { navigateFx, paths } from '@/shared/routing';
import { afterMutations, createRecordScreen } from '@/shared/lib/record-screen';
import { createConfirmedAction, createReasonAction } from '@/entities/staff-member';
import {
  acceptMutation,
  completeMutation,
  failMutation,
  notaryDetailQuery,
  transferConfirmMutation,
  transferRejectMutation,
  voidMutation,
} from '../api/office';

/**
 * `/staff/notary/{id}`: one order with its application, records, documents and transfer screenshot; what the
 * office may do depends on its state: waiting (accept, fail, void), accepted (complete, fail, void), a bank
 * transfer to confirm (confirm, reject).
 */
const record = createRecordScreen(notaryDetailQuery);
export const NotaryDetailGate = record.Gate;
export const { $detail, retryClicked } = record;
export const notaryRecord = record;

export type ConfirmedKind = 'accept' | 'complete' | 'transferConfirm';
export type ReasonKind = 'fail' | 'void' | 'transferReject';

const confirmed = (kind: ConfirmedKind, mutation: typeof acceptMutation) =>
  createConfirmedAction({
    mutation,
    confirm: (order: NotaryDeskDetail) => ({
      title: translate(`staff-desks:notary.confirm.${kind}Title`, { orderNo: order.orderNo }),
      content: translate(`staff-desks:notary.confirm.${kind}`),
      okText: translate(`staff-desks:notary.detail.${kind}`),
      cancelText: translate('staff-desks:common.cancel'),
    }),
    params: (order) => order.id,
  });
const withReason = (mutation: typeof failMutation) =>
  createReasonAction({ mutation, params: (order: NotaryDeskDetail, reason) => ({ id: order.id, reason }) });

export const actions = {
  accept: confirmed('accept', acceptMutation),
  complete: confirmed('complete', completeMutation),
  transferConfirm: confirmed('transferConfirm', transferConfirmMutation),
  fail: withReason(failMutation),
  void: withReason(voidMutation),
  transferReject: withReason(transferRejectMutation),
};

const backToQueue = createEvent();
sample({ clock: backToQueue, fn: () => ({ to: paths.staffNotary, replace: true }), target: navigateFx });
// The order is read again after a decision; a rejected transfer leaves the office's orders (the user pays
// again), so the clerk goes back to the queue.
afterMutations({
  mutations: {
    accept: acceptMutation,
    complete: completeMutation,
    transferConfirm: transferConfirmMutation,
    fail: failMutation,
    void: voidMutation,
    transferReject: transferRejectMutation,
  },
  done: (kind) => translate(`staff-desks:notary.done.${kind}`),
  then: retryClicked,
  elsewhere: { transferReject: backToQueue },
});

/** What the office may do with an order in its state (the server checks the same). */
export function actionsFor(state: NotaryDeskDetail['state']): { confirmed: ConfirmedKind[]; reasoned: ReasonKind[] } {
  if (state === 'waiting') return { confirmed: ['accept'], reasoned: ['fail', 'void'] };
  if (state === 'accepted') return { confirmed: ['complete'], reasoned: ['fail', 'void'] };
  if (state === 'transfer') return { confirmed: ['transferConfirm'], reasoned: ['transferReject'] };
  return { confirmed: [], reasoned: [] };
}
