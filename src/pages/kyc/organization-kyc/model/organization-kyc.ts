import { combine, sample } from 'effector';
import { createGate } from 'effector-react';
import { authInfoQuery, companyAuthorizeMutation, createImageSet, type CompanyAuthorizeParams } from '@/entities/kyc';
import { userInfoRefreshRequested } from '@/entities/session';
import { companyAuthorizeFields, MASKED_ORG_FIELDS, ORG_IMAGE_FIELDS, type AuthInfo, type OrgImageField } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { showToastFx } from '@/shared/ui';

export const OrganizationKycGate = createGate();

const TEXT_FIELDS = [
  'company',
  'taxNumber',
  'address',
  'legalName',
  'legalPhone',
  'legalIdcard',
  'legalAddress',
  'accountName',
  'accountBank',
  'accountNo',
  'contactName',
  'contactPhone',
  'contactIdcard',
  'authorName',
  'authorSex',
  'authorBrith',
  'authorPhone',
  'authorIdcard',
  'authorAddress',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const initialValues = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>;

export const orgForm = createForm({ schema: companyAuthorizeFields, initialValues });
export const orgImages = createImageSet(ORG_IMAGE_FIELDS, 'organization');

export const $authInfo = authInfoQuery.$data;
export const $loading = authInfoQuery.$pending;

/**
 * What the page shows: the form (not verified, or refused: editable again), the review notice, the verified
 * notice, or that the account is on the personal path.
 */
export type OrgView = 'loading' | 'form' | 'review' | 'verified' | 'personal';
export function orgViewOf(info: AuthInfo | null): OrgView {
  if (!info) return 'loading';
  if (info.userStatus === 1 || info.userStatus === 4) return 'form';
  if (info.status !== 2) return 'personal';
  return info.userStatus === 2 ? 'review' : 'verified';
}
export const $view = $authInfo.map(orgViewOf);
/** The refusal reason, shown above the form opened again. */
export const $reason = $authInfo.map((info) => (info?.userStatus === 4 && info.organization ? info.reason : ''));

sample({ clock: OrganizationKycGate.open, target: authInfoQuery.start });
sample({ clock: OrganizationKycGate.close, target: [orgForm.reset, orgImages.reset] });

// A refused submission fills the form again, except the masked numbers (typed again) and the images.
sample({
  clock: authInfoQuery.finished.success,
  filter: ({ result }) => result.userStatus === 4 && result.organization !== null,
  fn: ({ result }) => {
    const values: Partial<Record<TextField, string>> = { ...result.organization };
    for (const field of MASKED_ORG_FIELDS) values[field] = '';
    return values;
  },
  target: orgForm.valuesLoaded,
});

sample({ clock: orgForm.submitted, target: orgImages.checked });
sample({
  clock: orgForm.validated,
  source: { files: orgImages.$files, valid: orgImages.$valid },
  filter: ({ valid }) => valid,
  fn: ({ files }, fields): CompanyAuthorizeParams => ({ fields, files: files as Record<OrgImageField, File> }),
  target: companyAuthorizeMutation.start,
});

export const $submitting = companyAuthorizeMutation.$pending;
export const $canSubmit = combine($view, $submitting, (view, submitting) => view === 'form' && !submitting);

sample({
  clock: companyAuthorizeMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('kyc:submitted') }),
  target: showToastFx,
});
// The header's banner and labels derive from the user info.
sample({
  clock: companyAuthorizeMutation.finished.success,
  target: [userInfoRefreshRequested, authInfoQuery.start, orgForm.reset, orgImages.reset],
});
