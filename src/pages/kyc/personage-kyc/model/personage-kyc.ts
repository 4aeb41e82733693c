import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { z } from 'zod';
import {
  authInfoQuery,
  createImageSet,
  faceStartMutation,
  perAuthorizeMutation,
  userRepairMutation,
  type FaceStartParams,
  type PerAuthorizeParams,
} from '@/entities/kyc';
import { userInfoRefreshRequested } from '@/entities/session';
import {
  faceStartRequest,
  perAuthorizeFields,
  PERSON_IMAGE_FIELDS,
  REPAIR_IMAGE_FIELDS,
  type AuthInfo,
  type PersonImageField,
  type RepairImageField,
} from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { navigateFx, paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';

export const PersonageKycGate = createGate();

/** The form, the review notice, the supplement (repairType 1 or 4), its review (2), verified, or the organisation path. */
export type PersonView = 'loading' | 'form' | 'review' | 'supplement' | 'supplementReview' | 'verified' | 'organization';
export function personViewOf(info: AuthInfo | null): PersonView {
  if (!info) return 'loading';
  if (info.userStatus === 1 || info.userStatus === 4) return 'form';
  if (info.status === 2) return 'organization';
  if (info.userStatus === 2) return 'review';
  if (info.authType === 3 && (info.repairType === 1 || info.repairType === 4)) return 'supplement';
  if (info.authType === 3 && info.repairType === 2) return 'supplementReview';
  return 'verified';
}
export const $view = authInfoQuery.$data.map(personViewOf);
export const $reason = authInfoQuery.$data.map((info) => (info?.userStatus === 4 && info.status === 1 ? info.reason : ''));
export const $repairReason = authInfoQuery.$data.map((info) => (info?.repairType === 4 ? info.repairReason : ''));

export type Method = 'document' | 'face';
export const methodChosen = createEvent<Method>();
export const $method = createStore<Method>('document')
  .on(methodChosen, (_, m) => m)
  .reset(PersonageKycGate.close);

// Document upload (authType 1).
export const documentForm = createForm({
  schema: perAuthorizeFields,
  initialValues: { userName: '', contactIdcard: '', authorSex: '', address: '', agree: '' },
});
export const personImages = createImageSet(PERSON_IMAGE_FIELDS, 'person');

// Face recognition (authType 3); `type` 1: the QR code is scanned with a phone.
export const faceForm = createForm({
  schema: faceStartRequest.omit({ type: true }).extend({ type: z.literal('1').default('1') }),
  initialValues: { username: '', idCard: '', agree: '' },
});

// Supplement of a face-verified user.
export const repairImages = createImageSet(REPAIR_IMAGE_FIELDS, 'person');
export const repairSubmitted = createEvent();

sample({ clock: PersonageKycGate.open, target: authInfoQuery.start });
sample({ clock: PersonageKycGate.close, target: [documentForm.reset, faceForm.reset, personImages.reset, repairImages.reset] });

sample({ clock: documentForm.submitted, target: personImages.checked });
sample({
  clock: documentForm.validated,
  source: { files: personImages.$files, valid: personImages.$valid },
  filter: ({ valid }) => valid,
  fn: ({ files }, fields): PerAuthorizeParams => ({ fields, files: files as Record<PersonImageField, File> }),
  target: perAuthorizeMutation.start,
});

sample({
  clock: faceForm.validated,
  fn: ({ username, idCard }): FaceStartParams => ({ username, idCard, type: '1', agree: '1' }),
  target: faceStartMutation.start,
});
sample({
  clock: faceStartMutation.finished.success,
  fn: ({ result }) => `${paths.personageFaceKyc}?${new URLSearchParams({ url: result.url, certify_id: result.certify_id }).toString()}`,
  target: navigateFx,
});

sample({ clock: repairSubmitted, target: repairImages.checked });
sample({
  clock: repairSubmitted,
  source: { files: repairImages.$files, valid: repairImages.$valid },
  filter: ({ valid }) => valid,
  fn: ({ files }) => files as Record<RepairImageField, File>,
  target: userRepairMutation.start,
});

export const $submitting = perAuthorizeMutation.$pending;
export const $starting = faceStartMutation.$pending;
export const $repairing = userRepairMutation.$pending;

sample({
  clock: [perAuthorizeMutation.finished.success, userRepairMutation.finished.success],
  fn: () => ({ type: 'success' as const, text: translate('kyc:submitted') }),
  target: showToastFx,
});
sample({
  clock: [perAuthorizeMutation.finished.success, userRepairMutation.finished.success],
  target: [userInfoRefreshRequested, authInfoQuery.start, documentForm.reset, personImages.reset, repairImages.reset],
});
