import { supportedLanguage } from '../../http/language';
import type { Kysely } from 'kysely';
import type { UserInfo } from '../../../contracts/index';
import type { DB } from '../../db/schema';
import { sessionExpired } from '../../http/errors';
import { countUnreadNotifications, findProfile } from './repository';

const asUserStatus = (n: number): UserInfo['userStatus'] => (n === 2 || n === 3 || n === 4 ? n : 1);
const asUserType = (n: number): UserInfo['status'] => (n === 2 ? 2 : 1);

export async function getUserInfo(db: Kysely<DB>, userId: number): Promise<UserInfo> {
  const [user, newsNum] = await Promise.all([findProfile(db, userId), countUnreadNotifications(db, userId)]);
  // A session whose user has gone is as good as expired.
  if (!user) throw sessionExpired();
  return {
    phone: user.phone,
    userStatus: asUserStatus(user.user_status),
    status: asUserType(user.status),
    authType: user.auth_type,
    repairType: user.repair_type,
    // The ledger keeps hundredths; the contract carries points with two decimals.
    points: user.points / 100,
    newsNum,
    contactPhone: user.contact_phone,
    company: user.company,
    contactName: user.contact_name,
    language: supportedLanguage(user.language),
  };
}
