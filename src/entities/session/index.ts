export { logoutMutation } from './api/logout';
export { userInfoQuery } from './api/user-info';
export { accountName, certificationInfoPath, isSupplementUnderReview, verificationOf } from './lib/derive';
export type { Verification, VerificationLabel } from './lib/derive';
export { notaryAccessOf } from './lib/notary-access';
export type { NotaryAccess } from './lib/notary-access';
export { LOCAL_USER_KEY, readStoredUser, SESSION_USER_KEY } from './lib/storage';
export {
  $accountName,
  $certificationInfoPath,
  $isAuthorized,
  $isVerified,
  $pointsText,
  $session,
  $unreadBadge,
  $user,
  $verification,
  sessionCleared,
  sessionStarted,
  userInfoRefreshRequested,
} from './model/session';
