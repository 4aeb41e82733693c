import { userInfoSchema, type UserInfo } from '@contracts';
import { readJson, removeKey, writeText } from '@/shared/lib/storage';

/** Storage keys of spec section 3: userInfo in session storage, UserInfo in local storage. */
export const SESSION_USER_KEY = 'userInfo';
export const LOCAL_USER_KEY = 'UserInfo';

const parse = (raw: unknown): UserInfo | null => {
  const result = userInfoSchema.safeParse(raw);
  return result.success ? result.data : null;
};

export function readStoredUser(): UserInfo | null {
  return readJson('session', SESSION_USER_KEY, parse) ?? readJson('local', LOCAL_USER_KEY, parse);
}

export function storeUser(user: UserInfo | null): void {
  if (user) {
    const text = JSON.stringify(user);
    writeText('session', SESSION_USER_KEY, text);
    writeText('local', LOCAL_USER_KEY, text);
  } else {
    removeKey('session', SESSION_USER_KEY);
    removeKey('local', LOCAL_USER_KEY);
  }
}
