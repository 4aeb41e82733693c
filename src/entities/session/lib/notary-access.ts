import type { UserInfo } from '@contracts';

export type NotaryAccess = 'allowed' | 'notVerified' | 'needsSupplement';

/**
 * Whether the user may apply for notarisation (spec sections 5 and 8): only verified users (userStatus 3);
 * a face-verified individual (status 1, authType 3) must first have supplied ID documents (repairType 3).
 */
export function notaryAccessOf(user: Pick<UserInfo, 'userStatus' | 'status' | 'authType' | 'repairType'> | null): NotaryAccess {
  if (!user || user.userStatus !== 3) return 'notVerified';
  if (user.status === 1 && user.authType === 3 && user.repairType !== 3) return 'needsSupplement';
  return 'allowed';
}
