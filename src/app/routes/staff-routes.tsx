import { DEFAULT_LANGUAGE, showLanguage } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import type { StaffPageKey } from '@/entities/staff-member';
import type { AppRoute, RouteGuard } from './app-router';
import { RouteError } from './route-error';
import type { StaffRouteHandle } from './staff-route-handle';
import { pageTitle } from './title';

/**
 * The staff console works in the default language (the office works in Chinese; docs/staff.md): its copy exists only
 * there, so its routes switch the app to it before they render, for this tab and without remembering it.
 */
const inDefaultLanguage =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> => {
    await showLanguage(DEFAULT_LANGUAGE, { remember: false });
    return load();
  };

const staffPage = (title: string, key: StaffPageKey): StaffRouteHandle => ({ ...pageTitle(title), staffPage: key });

/**
 * The staff console's route tree: its sign-in, and every other page inside its own layout behind
 * `requireStaff`. Only the route objects live in the entry; the layout and each page are lazily loaded chunks
 * that no public or user page imports.
 */
export function staffRouteTable(requireStaff: RouteGuard): AppRoute[] {
  return [
    {
      path: paths.staffLogin,
      handle: pageTitle('staffLogin'),
      errorElement: <RouteError />,
      lazy: inDefaultLanguage(async () => ({ Component: (await import('@/pages/staff/login')).StaffLoginPage })),
    },
    {
      path: paths.staff,
      handle: pageTitle('staff'),
      guard: requireStaff,
      errorElement: <RouteError />,
      lazy: inDefaultLanguage(async () => ({ Component: (await import('./staff-layout')).StaffLayout })),
      children: [
        { index: true, handle: pageTitle('staff'), lazy: async () => ({ Component: (await import('./staff-layout')).StaffHome }) },
        {
          path: paths.staffHome,
          handle: pageTitle('staffHome'),
          lazy: async () => ({ Component: (await import('@/pages/staff/home')).StaffHomePage }),
        },
        {
          path: paths.staffVerification,
          handle: staffPage('staffVerification', 'verification'),
          lazy: async () => ({ Component: (await import('@/pages/staff/verification')).StaffVerificationPage }),
        },
        {
          path: `${paths.staffVerification}/:id`,
          handle: staffPage('staffVerificationDetail', 'verification'),
          lazy: async () => ({ Component: (await import('@/pages/staff/verification')).StaffVerificationDetailPage }),
        },
        {
          path: paths.staffNotary,
          handle: staffPage('staffNotary', 'notary'),
          lazy: async () => ({ Component: (await import('@/pages/staff/notary')).StaffNotaryPage }),
        },
        {
          path: `${paths.staffNotary}/:id`,
          handle: staffPage('staffNotaryDetail', 'notary'),
          lazy: async () => ({ Component: (await import('@/pages/staff/notary')).StaffNotaryDetailPage }),
        },
        {
          path: paths.staffInvoices,
          handle: staffPage('staffInvoices', 'invoices'),
          lazy: async () => ({ Component: (await import('@/pages/staff/invoices')).StaffInvoicesPage }),
        },
        {
          path: `${paths.staffInvoices}/:id`,
          handle: staffPage('staffInvoiceDetail', 'invoices'),
          lazy: async () => ({ Component: (await import('@/pages/staff/invoices')).StaffInvoiceDetailPage }),
        },
        {
          path: paths.staffOrders,
          handle: staffPage('staffOrders', 'orders'),
          lazy: async () => ({ Component: (await import('@/pages/staff/orders')).StaffOrdersPage }),
        },
        {
          path: paths.staffProfile,
          handle: staffPage('staffProfile', 'profile'),
          lazy: async () => ({ Component: (await import('@/pages/staff/profile')).StaffProfilePage }),
        },
        {
          path: paths.staffAccounts,
          handle: staffPage('staffAccounts', 'accounts'),
          lazy: async () => ({ Component: (await import('@/pages/staff/accounts')).StaffAccountsPage }),
        },
        {
          path: paths.staffAudit,
          handle: staffPage('staffAudit', 'audit'),
          lazy: async () => ({ Component: (await import('@/pages/staff/audit')).StaffAuditPage }),
        },
        { path: '*', handle: pageTitle('notFound'), lazy: async () => ({ Component: (await import('./staff-layout')).StaffNotFound }) },
      ],
    },
  ];
}
