import type { UserInfo } from '@contracts';

/** Account name in the header (spec section 2): the phone until verified, then company or contact name. */
export function accountName(user: UserInfo): string {
  if (user.userStatus !== 3) return user.phone;
  const name = user.status === 2 ? user.company : user.contactName;
  return name || user.phone;
}

export type VerificationLabel = 'goVerify' | 'verifying' | 'verified' | 'reVerify';

export type Verification = {
  /** Key under `common:verification.*`. */
  label: VerificationLabel;
  /** The banner asking the user to verify; hidden once verified. */
  showBanner: boolean;
  /** Where the banner and the label lead: the organisation or the personal verification form. */
  link: '/organization-kyc' | '/personage-kyc';
};

/** A verified face-recognition user whose supplementary documents are under review (spec section 4). */
export function isSupplementUnderReview(user: UserInfo): boolean {
  return user.userStatus === 3 && user.authType === 3 && user.repairType === 2;
}

/** Banner and action labels of spec section 4. */
export function verificationOf(user: UserInfo): Verification {
  const link = user.status === 2 ? '/organization-kyc' : '/personage-kyc';
  if (user.userStatus === 1) return { label: 'goVerify', showBanner: true, link };
  if (user.userStatus === 2 || isSupplementUnderReview(user)) return { label: 'verifying', showBanner: true, link };
  if (user.userStatus === 4) return { label: 'reVerify', showBanner: true, link };
  return { label: 'verified', showBanner: false, link };
}

/** Where the 'certification info' menu entry leads; null when it is hidden (not verified). */
export function certificationInfoPath(user: UserInfo): '/kyc-info' | '/person-info' | null {
  if (user.userStatus !== 3) return null;
  return user.status === 2 ? '/kyc-info' : '/person-info';
}
