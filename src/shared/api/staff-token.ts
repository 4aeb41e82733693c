import { readText } from '../lib/storage';

/**
 * Session-storage key of the staff console's token: sent as `Authorization: Staff <token>`, never
 * with a user's calls; kept per tab and gone when the tab closes. Apart from the transport (staff-request.ts)
 * so the route guard can read it without bringing the staff transport into the entry chunk.
 */
export const STAFF_TOKEN_KEY = 'StaffAuthorization';

export const readStaffToken = (): string | null => readText('session', STAFF_TOKEN_KEY);
