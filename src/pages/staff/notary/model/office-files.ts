import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { ApiError, UploadProgress } from '@/shared/api';
import type { NotaryDeskView } from '@contracts';
import { translate } from '@/shared/i18n';
import { startDownloadFx } from '@/shared/lib/download';
import { createForm } from '@/shared/lib/form';
import { showToastFx } from '@/shared/ui';
import { openMutation, shipMutation, uploadCertificateFx, viewMutation, type NotaryOpenParams } from '../api/office';
import { certificateProblem, shipFormSchema, type CertificateProblem } from '../lib/office-forms';
import { notaryRecord, retryClicked } from './detail';

/**
 * What the office does with an order's files on `/staff/notary/{id}`: attaches the notarial certificate (a PDF,
 * checked here, then sent with its progress; replaced until the order is completed), records the paper delivery,
 * opens the issued documents, the certificate and the covered records, and shows the masked values in clear.
 */

// ---- the certificate -------------------------------------------------------------------------------------------

/** A PDF was picked: checked here (type, size), then sent. */
export const certificateChosen = createEvent<File | null>();
const checked = certificateChosen.map((file) => ({ file, problem: certificateProblem(file) }));

/** A key of the server's notarisation messages: why the chosen file was not sent. */
export const $certificateProblem = createStore<CertificateProblem | null>(null)
  .on(checked, (_, { problem }) => problem)
  .reset([notaryRecord.Gate.close, notaryRecord.$id.updates]);

const progressed = createEvent<UploadProgress>();

/** Sends the PDF; the progress flows back into the scope that started it. */
export const sendCertificateFx = createEffect<{ id: number; file: File }, unknown, ApiError>(({ id, file }) => {
  const onProgress = scopeBind(progressed, { safe: true });
  return uploadCertificateFx({ id, file, onProgress: (progress) => onProgress(progress) });
});

/** Percent sent while a certificate is on its way, else null. */
export const $certificateProgress = createStore<number | null>(null)
  .on(sendCertificateFx, () => 0)
  .on(progressed, (_, { loaded, total }) => (total > 0 ? Math.min(100, Math.round((loaded * 100) / total)) : 0))
  .reset([sendCertificateFx.finally, notaryRecord.Gate.close]);
export const $certificateSending = sendCertificateFx.pending;

sample({
  clock: checked,
  source: { id: notaryRecord.$id, sending: $certificateSending },
  filter: ({ id, sending }, { file, problem }) => problem === null && file !== null && id > 0 && !sending,
  fn: ({ id }, { file }) => ({ id, file: file as File }),
  target: sendCertificateFx,
});
sample({
  clock: sendCertificateFx.done,
  fn: () => ({ type: 'success' as const, text: translate('staff-desks:notary.certificate.uploaded') }),
  target: showToastFx,
});
sample({ clock: sendCertificateFx.done, target: retryClicked });

// ---- paper delivery --------------------------------------------------------------------------------------------

export const shipForm = createForm({ schema: shipFormSchema, initialValues: { courier: '', number: '' } });
export const shipSubmitted = createEvent();
export const $shipPending = shipMutation.$pending;
sample({ clock: shipSubmitted, target: shipForm.submitted });
sample({
  clock: shipForm.validated,
  source: { id: notaryRecord.$id, pending: $shipPending },
  filter: ({ id, pending }) => id > 0 && !pending,
  fn: ({ id }, values) => ({ id, courier: values.courier, number: values.number }),
  target: shipMutation.start,
});
sample({ clock: [notaryRecord.Gate.close, notaryRecord.$id.updates, shipMutation.finished.success], target: shipForm.reset });
sample({
  clock: shipMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('staff-desks:notary.shipping.done') }),
  target: showToastFx,
});
sample({ clock: shipMutation.finished.success, target: retryClicked });

// ---- opening files ---------------------------------------------------------------------------------------------

/** One of the order's files to open (the order's id is added here). */
export type OpenTarget = NotaryOpenParams extends infer P ? (P extends { id: number } ? Omit<P, 'id'> : never) : never;
export const openClicked = createEvent<OpenTarget>();
export const $opening = openMutation.$pending;
sample({
  clock: openClicked,
  source: { id: notaryRecord.$id, pending: $opening },
  filter: ({ id, pending }) => id > 0 && !pending,
  fn: ({ id }, target) => ({ ...target, id }),
  target: openMutation.start,
});
sample({ clock: openMutation.finished.success, fn: ({ result }) => ({ url: result.url }), target: startDownloadFx });

// ---- the masked values in clear --------------------------------------------------------------------------------

export const viewClicked = createEvent();
export const $view = createStore<NotaryDeskView | null>(null)
  .on(viewMutation.finished.success, (_, { result }) => result)
  .reset([notaryRecord.Gate.close, notaryRecord.$id.updates]);
export const $viewPending = viewMutation.$pending;
sample({ clock: viewClicked, source: notaryRecord.$id, filter: (id) => id > 0, target: viewMutation.start });
