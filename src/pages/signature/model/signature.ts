import { attach, combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { checkSignatureFile, signatureUploadFields, type Signature } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import {
  deleteSignatureMutation,
  setDefaultSignatureMutation,
  signatureListQuery,
  uploadSignatureMutation,
  type SignatureUpload,
} from '@/entities/signature';

export const SignatureGate = createGate();

export const $seals = signatureListQuery.$data.map((data) => data?.list ?? []);
export const $loading = signatureListQuery.$pending;
export const $failed = signatureListQuery.$error.map(Boolean);
export const retryClicked = createEvent();

// `start`, not `refresh`: refresh skips a query it thinks fresh, so a reload would hang on its last answer.
sample({ clock: [SignatureGate.open, retryClicked], target: signatureListQuery.start });

// Upload dialog.
export const uploadOpened = createEvent();
export const uploadClosed = createEvent();
export const $uploadOpen = createStore(false)
  .on(uploadOpened, () => true)
  .on(uploadClosed, () => false)
  .on(uploadSignatureMutation.finished.success, () => false)
  .reset(SignatureGate.close);

export const uploadForm = createForm({ schema: signatureUploadFields, initialValues: { name: '', isDefault: '' } });

/** The chosen image (not a form value: a File) and its message reference. */
export const fileChosen = createEvent<File | null>();
export const $file = createStore<File | null>(null).on(fileChosen, (_, file) => file);
export const $fileError = createStore<string | null>(null).on(fileChosen, (_, file) => (file ? checkSignatureFile(file) : null));
export const $uploading = uploadSignatureMutation.$pending;

sample({
  clock: [uploadOpened, uploadSignatureMutation.finished.success, SignatureGate.close],
  target: [uploadForm.reset, $file.reinit, $fileError.reinit],
});

sample({ clock: uploadForm.submitted, source: $file, fn: (file) => checkSignatureFile(file), target: $fileError });
sample({
  clock: uploadForm.validated,
  source: $file,
  filter: (file) => file !== null && checkSignatureFile(file) === null,
  fn: (file, fields): SignatureUpload => ({ name: fields.name, isDefault: fields.isDefault, file: file as File }),
  target: uploadSignatureMutation.start,
});
sample({
  clock: uploadSignatureMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('signature:upload.done') }),
  target: showToastFx,
});

// Default and delete.
export const setDefaultClicked = createEvent<Signature>();
export const deleteClicked = createEvent<Signature>();

sample({
  clock: setDefaultClicked,
  filter: (seal) => seal.is_default !== '1',
  fn: (seal) => seal.id,
  target: setDefaultSignatureMutation.start,
});
sample({
  clock: setDefaultSignatureMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('signature:setDefault.done') }),
  target: showToastFx,
});

const $deleting = createStore<Signature | null>(null).on(deleteClicked, (_, seal) => seal);
const confirmDeleteFx = attach({ effect: showConfirmFx });
sample({
  clock: deleteClicked,
  fn: (seal) => ({
    title: translate('signature:delete.title'),
    content: translate(seal.is_default === '1' ? 'signature:delete.contentDefault' : 'signature:delete.content', { name: seal.name }),
    okText: translate('signature:delete.ok'),
    cancelText: translate('signature:delete.cancel'),
    danger: true,
  }),
  target: confirmDeleteFx,
});
sample({
  clock: confirmDeleteFx.doneData,
  source: $deleting,
  filter: (seal, confirmed) => confirmed && seal !== null,
  fn: (seal) => seal?.id ?? 0,
  target: deleteSignatureMutation.start,
});
sample({
  clock: deleteSignatureMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('signature:delete.done') }),
  target: showToastFx,
});

export const $actionPending = combine(setDefaultSignatureMutation.$pending, deleteSignatureMutation.$pending, (a, b) => a || b);

sample({
  clock: [uploadSignatureMutation.finished.success, setDefaultSignatureMutation.finished.success, deleteSignatureMutation.finished.success],
  target: signatureListQuery.start,
});
