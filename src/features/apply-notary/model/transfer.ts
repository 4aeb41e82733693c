import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { type ApiError, type UploadProgress } from '@/shared/api';
import { NOTARY_TRANSFER, notaryStateResponse, type NotaryState } from '@contracts';
import { translate } from '@/shared/i18n';
import { showToastFx } from '@/shared/ui';
import { uploadTransferFx } from '../api/apply-notary';
import { transferFileProblem } from '../lib/transfer-file';
import { $state, WizardGate } from './wizard';

/** Step 4's payment method: points (the default) or bank transfer with a screenshot the notary office confirms. */
export type PayMethodChoice = 'points' | 'transfer';

export const payMethodChosen = createEvent<PayMethodChoice>();
export const $payMethod = createStore<PayMethodChoice>('points')
  .on(payMethodChosen, (_, method) => method)
  // A transfer waiting for the office (or rejected by it) is what the step shows when the order loads.
  .on($state.updates, (method, state) => (state && state.transfer.status !== NOTARY_TRANSFER.none ? 'transfer' : method))
  .reset(WizardGate.close);

/** A screenshot was picked: checked here (type, size), then sent. */
export const transferFileChosen = createEvent<File>();
const checked = transferFileChosen.map((file) => ({ file, problem: transferFileProblem(file) }));

export const $transferError = createStore('')
  .on(checked, (_, { problem }) => (problem ? translate(`notary:wizard.transfer.problem.${problem}`) : ''))
  .reset([payMethodChosen, WizardGate.close]);

const progressed = createEvent<UploadProgress>();

/** Sends the screenshot; the progress flows back into the scope that started it. */
export const submitTransferFx = createEffect<{ orderId: number; file: File }, NotaryState, ApiError>(async ({ orderId, file }) => {
  const onProgress = scopeBind(progressed, { safe: true });
  const data = await uploadTransferFx({ orderId, file, onProgress: (progress) => onProgress(progress) });
  return notaryStateResponse.parse(data);
});

/** Percent sent while a screenshot is on its way, else null. */
export const $transferProgress = createStore<number | null>(null)
  .on(submitTransferFx, () => 0)
  .on(progressed, (_, { loaded, total }) => (total > 0 ? Math.min(100, Math.round((loaded * 100) / total)) : 0))
  .reset([submitTransferFx.finally, WizardGate.close]);
export const $transferSending = submitTransferFx.pending;

sample({
  clock: checked,
  source: { state: $state, sending: $transferSending },
  filter: ({ state, sending }, { problem }) => problem === null && state !== null && !sending,
  fn: ({ state }, { file }) => ({ orderId: state?.order.id ?? 0, file }),
  target: submitTransferFx,
});
$state.on(submitTransferFx.doneData, (_, state) => state);
sample({
  clock: submitTransferFx.done,
  fn: () => ({ type: 'success' as const, text: translate('notary:wizard.transfer.sent') }),
  target: showToastFx,
});
