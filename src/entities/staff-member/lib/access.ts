import type { StaffRole } from '@contracts';
import { paths } from '@/shared/routing';

/** The console's pages, in the order of its navigation. */
export type StaffPageKey = 'verification' | 'notary' | 'invoices' | 'orders' | 'accounts' | 'audit' | 'profile';

export type StaffPage = { key: StaffPageKey; path: string; roles: readonly StaffRole[] };

/**
 * Who may open which page, as the server checks each call: each desk its role, administration the
 * administrators, one's own account everyone; administrators may open everything (the server lets them call
 * every desk).
 */
export const STAFF_PAGES: readonly StaffPage[] = [
  { key: 'verification', path: paths.staffVerification, roles: ['reviewer'] },
  { key: 'notary', path: paths.staffNotary, roles: ['notary'] },
  { key: 'invoices', path: paths.staffInvoices, roles: ['finance'] },
  { key: 'orders', path: paths.staffOrders, roles: ['finance'] },
  { key: 'accounts', path: paths.staffAccounts, roles: [] },
  { key: 'audit', path: paths.staffAudit, roles: [] },
  { key: 'profile', path: paths.staffProfile, roles: ['notary', 'finance', 'reviewer'] },
];

export const mayUse = (role: StaffRole, key: StaffPageKey): boolean =>
  role === 'admin' || (STAFF_PAGES.find((page) => page.key === key)?.roles.includes(role) ?? false);

/** The pages a role's navigation shows. */
export const pagesFor = (role: StaffRole): StaffPage[] => STAFF_PAGES.filter((page) => mayUse(role, page.key));

/**
 * Where `/staff` (and a sign-in with nowhere else to go) takes a role: the home page, which lists what waits at
 * each desk the role works and links to it; the same for every role (administrators reach the staff accounts
 * from the navigation).
 */
export const homeOf = (_role: StaffRole): string => paths.staffHome;
