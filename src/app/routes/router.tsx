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
        // Public content pages (issue 10): help, app download, and the legal texts (one chunk, one Markdown file per text).
        { path: paths.helpCenter, lazy: async () => ({ Component: (await import('@/pages/content/help-center')).HelpCenterPage }) },
        { path: paths.appDownload, lazy: async () => ({ Component: (await import('@/pages/content/app-download')).AppDownloadPage }) },
        { path: paths.clause, lazy: async () => ({ Component: (await import('@/pages/content/legal')).ClausePage }) },
        { path: paths.userClause, lazy: async () => ({ Component: (await import('@/pages/content/legal')).ClausePage }) },
        { path: paths.userAgreement, lazy: async () => ({ Component: (await import('@/pages/content/legal')).UserAgreementPage }) },
        { path: paths.privacy, lazy: async () => ({ Component: (await import('@/pages/content/legal')).PrivacyPage }) },
        { path: paths.privacyMain, lazy: async () => ({ Component: (await import('@/pages/content/legal')).PrivacyPage }) },
        { path: paths.privacyList, lazy: async () => ({ Component: (await import('@/pages/content/legal')).PrivacyListPage }) },
        { path: paths.privacySharingList, lazy: async () => ({ Component: (await import('@/pages/content/legal')).PrivacySharingListPage }) },
        { path: paths.privacyPermissionList, lazy: async () => ({ Component: (await import('@/pages/content/legal')).PrivacyPermissionListPage }) },
        // Public pages of online evidence collection (issue 9): a web capture, a recorded session or app upload.
        { path: `${paths.evidencesWeb}/:baoquan`, lazy: async () => ({ Component: (await import('@/pages/collection/evidence-web')).EvidenceWebPage }) },
        { path: `${paths.evidencesPro}/:baoquan`, lazy: async () => ({ Component: (await import('@/pages/collection/evidence-pro')).EvidenceProPage }) },
        // Public in the spec: the QR of WeChat's payment link; it asks about the order only for its signed-in owner.
        { path: `${paths.weChat}/:orderId`, lazy: async () => ({ Component: (await import('@/pages/wechat-pay')).WeChatPayPage }) },
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
          lazy: async () => ({ Component: (await import('./semi-locale-layout')).SemiLocaleLayout }),
          children: [
            { path: paths.setting, lazy: async () => ({ Component: (await import('@/pages/setting')).SettingPage }) },
            { path: paths.dataPreservation, element: <Navigate to={paths.attestationData} replace /> },
            { path: paths.attestationData, lazy: async () => ({ Component: (await import('@/pages/attestation-data')).AttestationDataPage }) },
            { path: paths.attestationApp, lazy: async () => ({ Component: (await import('@/pages/attestation-app')).AttestationAppPage }) },
            { path: paths.batchDownload, lazy: async () => ({ Component: (await import('@/pages/batch-download')).BatchDownloadPage }) },
            // Online evidence collection (issue 9): the three lists and their batch downloads, queues, preview, new captures.
            { path: paths.evidenceCollection, element: <Navigate to={paths.evidencesWebList} replace /> },
            { path: paths.evidencesWebList, lazy: async () => ({ Component: (await import('@/pages/collection/lists')).WebListPage }) },
            { path: `${paths.evidencesWebList}/download`, lazy: async () => ({ Component: (await import('@/pages/collection/lists')).WebDownloadPage }) },
            { path: paths.evidencesProcessList, lazy: async () => ({ Component: (await import('@/pages/collection/lists')).ProcessListPage }) },
            { path: `${paths.evidencesProcessList}/download`, lazy: async () => ({ Component: (await import('@/pages/collection/lists')).ProcessDownloadPage }) },
            { path: paths.evidencesMobileList, lazy: async () => ({ Component: (await import('@/pages/collection/lists')).MobileListPage }) },
            { path: `${paths.evidencesMobileList}/download`, lazy: async () => ({ Component: (await import('@/pages/collection/lists')).MobileDownloadPage }) },
            { path: `${paths.processQueue}/:id`, lazy: async () => ({ Component: (await import('@/pages/collection/queue')).ProcessQueuePage }) },
            { path: `${paths.mobileQueue}/:id`, lazy: async () => ({ Component: (await import('@/pages/collection/queue')).MobileQueuePage }) },
            { path: paths.processPreview, lazy: async () => ({ Component: (await import('@/pages/collection/evidence-pro')).ProcessPreviewPage }) },
            { path: paths.newWeb, lazy: async () => ({ Component: (await import('@/pages/collection/new-web')).NewWebPage }) },
            { path: paths.newProcess, lazy: async () => ({ Component: (await import('@/pages/collection/new-process')).NewProcessPage }) },
            { path: paths.newMobile, lazy: async () => ({ Component: (await import('@/pages/collection/new-mobile')).NewMobilePage }) },
            { path: paths.notifications, lazy: async () => ({ Component: (await import('@/pages/notifications')).NotificationsPage }) },
            { path: paths.signature, lazy: async () => ({ Component: (await import('@/pages/signature')).SignaturePage }) },
            { path: paths.address, lazy: async () => ({ Component: (await import('@/pages/address')).AddressPage }) },
            { path: paths.buyCredits, lazy: async () => ({ Component: (await import('@/pages/buy-credits')).BuyCreditsPage }) },
            { path: paths.orders, lazy: async () => ({ Component: (await import('@/pages/orders')).OrdersPage }) },
            // Invoices (issue 8): applications and headers, one application, applying for chosen orders.
            { path: paths.invoice, lazy: async () => ({ Component: (await import('@/pages/invoice/center')).InvoiceCenterPage }) },
            { path: paths.invoiceDetails, lazy: async () => ({ Component: (await import('@/pages/invoice/details')).InvoiceDetailsPage }) },
            { path: paths.makeOutInvoice, lazy: async () => ({ Component: (await import('@/pages/invoice/make-out')).MakeOutInvoicePage }) },
            // Notarisation (issue 7): my notarisation, choosing records, the detail, the four-step wizard.
            { path: paths.notary, lazy: async () => ({ Component: (await import('@/pages/notary/list')).NotaryListPage }) },
            { path: paths.notarySelectList, lazy: async () => ({ Component: (await import('@/pages/notary/select')).NotarySelectPage }) },
            { path: paths.notaryDetail, lazy: async () => ({ Component: (await import('@/pages/notary/detail')).NotaryDetailPage }) },
            {
              path: `${paths.readingMaterial}/:step/:orderId/:type`,
              lazy: async () => ({ Component: (await import('@/pages/notary/wizard')).NotaryWizardPage }),
            },
            // The bare wizard path goes to the application form (of the order named, else to choosing records).
            { path: paths.readingMaterial, lazy: async () => ({ Component: (await import('@/pages/notary/wizard')).ReadingMaterialRedirect }) },
            {
              path: `${paths.readingMaterial}/:orderId/:type`,
              lazy: async () => ({ Component: (await import('@/pages/notary/wizard')).ReadingMaterialRedirect }),
            },
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
