import { createEvent, createStore, sample } from 'effector';
import { checkSignatureFile, signatureUploadFields } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { showToastFx } from '@/shared/ui';
import { uploadSignatureMutation, type SignatureUpload } from '@/entities/signature';
import { retryClicked, WizardGate } from './wizard';

/**
 * Step 2 without a default seal: the user uploads one inside the step (it becomes the default), the
 * step's state is read again and shows it, so nobody has to leave the wizard for /signature and find the way back.
 */
export const sealForm = createForm({ schema: signatureUploadFields, initialValues: { name: '', isDefault: '1' } });
export const sealFileChosen = createEvent<File | null>();
export const $sealFile = createStore<File | null>(null).on(sealFileChosen, (_, file) => file);
export const $sealFileError = createStore<string | null>(null).on(sealFileChosen, (_, file) => (file ? checkSignatureFile(file) : null));
export const $sealUploading = uploadSignatureMutation.$pending;

sample({
  clock: [WizardGate.close, uploadSignatureMutation.finished.success],
  target: [sealForm.reset, $sealFile.reinit, $sealFileError.reinit],
});
sample({ clock: sealForm.submitted, source: $sealFile, fn: (file) => checkSignatureFile(file), target: $sealFileError });
sample({
  clock: sealForm.validated,
  source: { file: $sealFile, open: WizardGate.status },
  filter: ({ file, open }) => open && file !== null && checkSignatureFile(file) === null,
  fn: ({ file }, fields): SignatureUpload => ({ name: fields.name, isDefault: '1', file: file as File }),
  target: uploadSignatureMutation.start,
});
// The new default seal is part of the step's state: read it again while the wizard is open.
sample({ clock: uploadSignatureMutation.finished.success, filter: WizardGate.status, target: retryClicked });
sample({
  clock: uploadSignatureMutation.finished.success,
  filter: WizardGate.status,
  fn: () => ({ type: 'success' as const, text: translate('notary:wizard.sign.uploaded') }),
  target: showToastFx,
});
