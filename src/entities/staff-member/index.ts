export { staffMeQuery } from './api/session';
export { homeOf, mayUse, pagesFor, STAFF_PAGES } from './lib/access';
export type { StaffPage, StaffPageKey } from './lib/access';
export {
  $hasStaffToken,
  $signingOut,
  $staffPages,
  $staffProfile,
  $staffProfileFailed,
  $staffRole,
  staffProfileRequested,
  staffSessionCleared,
  staffSignedIn,
  staffSignOutClicked,
} from './model/session';
export { NewPasswordFields } from './ui/new-password-fields';
export { RecoveryCodeList } from './ui/recovery-codes';
export { createConfirmedAction, createReasonAction } from './model/desk-actions';
export type { ConfirmedAction, ReasonAction } from './model/desk-actions';
export { ReasonDialog } from './ui/reason-dialog';
export type { ReasonDialogProps } from './ui/reason-dialog';
export { createReveal } from './model/reveal';
export type { Reveal, RevealTarget } from './model/reveal';
export { RevealValue } from './ui/reveal-value';
