import type { Scope } from 'effector';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { AuthLayout } from './auth-layout';
import { createAuthGuard } from './guard';
import { RouteError } from './route-error';


/** The route table; every page is its own lazily loaded chunk. */
export function createRouter(scope: Scope) {
  const requireAuth = createAuthGuard(scope);

  const routes: RouteObject[] = [
    { path: paths.root, element: <Navigate to={paths.home} replace /> },
    {
      element: <AuthLayout />,
      errorElement: <RouteError />,
      children: [
        { path: paths.login, lazy: async () => ({ Component: (await import('@/pages/login')).LoginPage }) },
        { path: paths.register, lazy: async () => ({ Component: (await import('@/pages/register')).RegisterPage }) },
        { path: paths.forgetPassword, lazy: async () => ({ Component: (await import('@/pages/forget-password')).ForgetPasswordPage }) },
      ],
    },
    // Phone-sized views opened from QR codes: no site header, nothing but the record.
    {
      errorElement: <RouteError />,
      children: [
        {
          path: `${paths.mobileAttestation}/:attestationId/:token`,
          lazy: async () => ({ Component: (await import('@/pages/mobile-evidence')).MobileCertificatePage }),
        },
        {
          path: `${paths.mobilePreviewProgress}/:fileUrl`,
          lazy: async () => ({ Component: (await import('@/pages/mobile-evidence')).MobilePreviewProgressPage }),
        },
        {
          path: `${paths.mobilePreview}/:fileUrl/:type/:baoquan`,
          lazy: async () => ({ Component: (await import('@/pages/mobile-evidence')).MobilePreviewPage }),
        },
      ],
    },
    {
      lazy: async () => ({ Component: (await import('./app-layout')).AppLayout }),
      errorElement: <RouteError />,
      children: [
        { path: paths.home, lazy: async () => ({ Component: (await import('@/pages/home')).HomePage }) },
        // Public pages of data preservation (issue 3): certificate, our log explorer, the public lookup.
        { path: `${paths.attestation}/:attestationId`, lazy: async () => ({ Component: (await import('@/pages/certificate')).CertificatePage }) },
        { path: `${paths.explorer}/:chainhash`, lazy: async () => ({ Component: (await import('@/pages/explorer')).ExplorerPage }) },
        {
          path: paths.queryAuthentication,
          lazy: async () => ({ Component: (await import('@/pages/query-authentication')).QueryAuthenticationPage }),
        },
        {
          path: `${paths.queryAuthentication}/:kind`,
          lazy: async () => ({ Component: (await import('@/pages/query-authentication')).QueryAuthenticationPage }),
        },
        {
          loader: requireAuth,
          children: [
            { path: paths.setting, lazy: async () => ({ Component: (await import('@/pages/setting')).SettingPage }) },
            { path: paths.dataPreservation, element: <Navigate to={paths.attestationData} replace /> },
            { path: paths.attestationData, lazy: async () => ({ Component: (await import('@/pages/attestation-data')).AttestationDataPage }) },
            { path: paths.attestationApp, lazy: async () => ({ Component: (await import('@/pages/attestation-app')).AttestationAppPage }) },
            { path: paths.batchDownload, lazy: async () => ({ Component: (await import('@/pages/batch-download')).BatchDownloadPage }) },
            { path: paths.notifications, lazy: async () => ({ Component: (await import('@/pages/notifications')).NotificationsPage }) },
            { path: paths.signature, lazy: async () => ({ Component: (await import('@/pages/signature')).SignaturePage }) },
            { path: paths.address, lazy: async () => ({ Component: (await import('@/pages/address')).AddressPage }) },
            { path: paths.buyCredits, lazy: async () => ({ Component: (await import('@/pages/buy-credits')).BuyCreditsPage }) },
            { path: paths.orders, lazy: async () => ({ Component: (await import('@/pages/orders')).OrdersPage }) },
            // Listed as public in the spec, but it shows and polls a user's own order: signed in only (docs/decisions.md).
            { path: `${paths.weChat}/:orderId`, lazy: async () => ({ Component: (await import('@/pages/wechat-pay')).WeChatPayPage }) },
            // Real-name verification (issue 5).
            { path: paths.newAccessCard, lazy: async () => ({ Component: (await import('@/pages/kyc/new-access-card')).NewAccessCardPage }) },
            { path: paths.organizationKyc, lazy: async () => ({ Component: (await import('@/pages/kyc/organization-kyc')).OrganizationKycPage }) },
            { path: paths.personageKyc, lazy: async () => ({ Component: (await import('@/pages/kyc/personage-kyc')).PersonageKycPage }) },
            { path: paths.personageFaceKyc, lazy: async () => ({ Component: (await import('@/pages/kyc/personage-face-kyc')).FaceKycPage }) },
            { path: paths.kycInfo, lazy: async () => ({ Component: (await import('@/pages/kyc/kyc-info')).KycInfoPage }) },
            { path: paths.personInfo, lazy: async () => ({ Component: (await import('@/pages/kyc/kyc-info')).PersonInfoPage }) },
          ],
        },
        { path: paths.notFound, lazy: async () => ({ Component: (await import('@/pages/not-found')).NotFoundPage }) },
        { path: '*', lazy: async () => ({ Component: (await import('@/pages/not-found')).NotFoundPage }) },
      ],
    },
  ];

  return createBrowserRouter(routes);
}
