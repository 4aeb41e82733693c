import type { Scope } from 'effector';
import { Navigate } from 'react-router-dom';
import type * as LegalModule from '@/pages/content/legal';
import { DEFAULT_LANGUAGE, i18n } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { createAppRouter, type AppRoute, type RouteGuard } from './app-router';
import { AuthLayout } from './auth-layout';
import { createAuthGuard, staffGuard } from './guard';
import { RouteError } from './route-error';
import { staffRouteTable } from './staff-routes';
import { pageTitle } from './title';

type LegalPages = typeof LegalModule;
type LegalPageName = Exclude<keyof LegalPages, 'loadLegalText'>;

/** A legal text's route: its page, and the loader that reads its text before it renders (in the prerender too). */
async function legalPage(name: LegalPageName, document: Parameters<LegalPages['loadLegalText']>[0]) {
  const legal = await import('@/pages/content/legal');
  return { Component: legal[name], loader: () => legal.loadLegalText(document) };
}

/** The route table; every page is its own lazily loaded chunk and names its document title (`handle`). */
export function routeTable(requireAuth: RouteGuard, requireStaff: RouteGuard = staffGuard): AppRoute[] {
  return [
    { path: paths.root, element: <Navigate to={paths.home} replace /> },
    // The staff console: its own layout and chunks, never loaded by the pages below.
    ...staffRouteTable(requireStaff),
    {
      element: <AuthLayout />,
      errorElement: <RouteError />,
      children: [
        { path: paths.login, handle: pageTitle('login'), lazy: async () => ({ Component: (await import('@/pages/login')).LoginPage }) },
        {
          path: paths.register,
          handle: pageTitle('register'),
          lazy: async () => ({ Component: (await import('@/pages/register')).RegisterPage }),
        },
        {
          path: paths.forgetPassword,
          handle: pageTitle('forgetPassword'),
          lazy: async () => ({ Component: (await import('@/pages/forget-password')).ForgetPasswordPage }),
        },
      ],
    },
    // Phone-sized views opened from QR codes: no site header, nothing but the record.
    {
      errorElement: <RouteError />,
      children: [
        {
          path: `${paths.mobileAttestation}/:attestationId/:token`,
          handle: pageTitle('mobileCertificate'),
          lazy: async () => ({ Component: (await import('@/pages/mobile-evidence')).MobileCertificatePage }),
        },
        {
          path: `${paths.mobilePreviewProgress}/:fileUrl`,
          handle: pageTitle('mobilePreview'),
          lazy: async () => ({ Component: (await import('@/pages/mobile-evidence')).MobilePreviewProgressPage }),
        },
        {
          path: `${paths.mobilePreview}/:fileUrl/:type/:baoquan`,
          handle: pageTitle('mobilePreview'),
          lazy: async () => ({ Component: (await import('@/pages/mobile-evidence')).MobilePreviewPage }),
        },
      ],
    },
    {
      lazy: async () => ({ Component: (await import('./app-layout')).AppLayout }),
      errorElement: <RouteError />,
      children: [
        { path: paths.home, handle: pageTitle('home'), lazy: async () => ({ Component: (await import('@/pages/home')).HomePage }) },
        // Public content pages: help, app download, and the legal texts (one chunk, one Markdown file per text).
        {
          path: paths.helpCenter,
          handle: pageTitle('helpCenter'),
          lazy: async () => ({ Component: (await import('@/pages/content/help-center')).HelpCenterPage }),
        },
        {
          path: paths.appDownload,
          handle: pageTitle('appDownload'),
          lazy: async () => ({ Component: (await import('@/pages/content/app-download')).AppDownloadPage }),
        },
        {
          path: paths.clause,
          handle: pageTitle('clause'),
          lazy: () => legalPage('ClausePage', 'clause'),
        },
        {
          path: paths.userClause,
          handle: pageTitle('clause'),
          lazy: () => legalPage('ClausePage', 'clause'),
        },
        {
          path: paths.userAgreement,
          handle: pageTitle('userAgreement'),
          lazy: () => legalPage('UserAgreementPage', 'userAgreement'),
        },
        {
          path: paths.privacy,
          handle: pageTitle('privacy'),
          lazy: () => legalPage('PrivacyPage', 'privacy'),
        },
        {
          path: paths.privacyMain,
          handle: pageTitle('privacy'),
          lazy: () => legalPage('PrivacyPage', 'privacy'),
        },
        {
          path: paths.privacyList,
          handle: pageTitle('privacyList'),
          lazy: () => legalPage('PrivacyListPage', 'privacyList'),
        },
        {
          path: paths.privacySharingList,
          handle: pageTitle('privacySharingList'),
          lazy: () => legalPage('PrivacySharingListPage', 'privacySharing'),
        },
        {
          path: paths.privacyPermissionList,
          handle: pageTitle('privacyPermissionList'),
          lazy: () => legalPage('PrivacyPermissionListPage', 'privacyPermissions'),
        },
        // Public pages of online evidence collection: a web capture, a recorded session or app upload.
        {
          path: `${paths.evidencesWeb}/:baoquan`,
          handle: pageTitle('evidenceWeb'),
          lazy: async () => ({ Component: (await import('@/pages/collection/evidence-web')).EvidenceWebPage }),
        },
        {
          path: `${paths.evidencesPro}/:baoquan`,
          handle: pageTitle('evidencePro'),
          lazy: async () => ({ Component: (await import('@/pages/collection/evidence-pro')).EvidenceProPage }),
        },
        // Public in the spec: the QR of WeChat's payment link; it asks about the order only for its signed-in owner.
        {
          path: `${paths.weChat}/:orderId`,
          handle: pageTitle('weChat'),
          lazy: async () => ({ Component: (await import('@/pages/wechat-pay')).WeChatPayPage }),
        },
        // Public pages of data preservation: certificate, our log explorer, the public lookup.
        {
          path: `${paths.attestation}/:attestationId`,
          handle: pageTitle('certificate'),
          lazy: async () => ({ Component: (await import('@/pages/certificate')).CertificatePage }),
        },
        {
          path: `${paths.explorer}/:chainhash`,
          handle: pageTitle('explorer'),
          lazy: async () => ({ Component: (await import('@/pages/explorer')).ExplorerPage }),
        },
        {
          path: paths.queryAuthentication,
          handle: pageTitle('queryAuthentication'),
          lazy: async () => ({ Component: (await import('@/pages/query-authentication')).QueryAuthenticationPage }),
        },
        {
          path: `${paths.queryAuthentication}/:kind`,
          handle: pageTitle('queryAuthentication'),
          lazy: async () => ({ Component: (await import('@/pages/query-authentication')).QueryAuthenticationPage }),
        },
        {
          guard: requireAuth,
          lazy: async () => {
            const { loadSemiLocale, SemiLocaleLayout } = await import('./semi-locale-layout');
            await loadSemiLocale(i18n.language || DEFAULT_LANGUAGE);
            return { Component: SemiLocaleLayout };
          },
          children: [
            {
              path: paths.setting,
              handle: pageTitle('setting'),
              lazy: async () => ({ Component: (await import('@/pages/setting')).SettingPage }),
            },
            { path: paths.dataPreservation, element: <Navigate to={paths.attestationData} replace /> },
            {
              path: paths.attestationData,
              handle: pageTitle('attestationData'),
              lazy: async () => ({ Component: (await import('@/pages/attestation-data')).AttestationDataPage }),
            },
            {
              path: paths.attestationApp,
              handle: pageTitle('attestationApp'),
              lazy: async () => ({ Component: (await import('@/pages/attestation-app')).AttestationAppPage }),
            },
            {
              path: paths.batchDownload,
              handle: pageTitle('batchDownload'),
              lazy: async () => ({ Component: (await import('@/pages/batch-download')).BatchDownloadPage }),
            },
            // Online evidence collection: the three lists and their batch downloads, queues, preview, new captures.
            { path: paths.evidenceCollection, element: <Navigate to={paths.evidencesWebList} replace /> },
            {
              path: paths.evidencesWebList,
              handle: pageTitle('webList'),
              lazy: async () => ({ Component: (await import('@/pages/collection/lists')).WebListPage }),
            },
            {
              path: `${paths.evidencesWebList}/download`,
              handle: pageTitle('webDownload'),
              lazy: async () => ({ Component: (await import('@/pages/collection/lists')).WebDownloadPage }),
            },
            {
              path: paths.evidencesProcessList,
              handle: pageTitle('processList'),
              lazy: async () => ({ Component: (await import('@/pages/collection/lists')).ProcessListPage }),
            },
            {
              path: `${paths.evidencesProcessList}/download`,
              handle: pageTitle('processDownload'),
              lazy: async () => ({ Component: (await import('@/pages/collection/lists')).ProcessDownloadPage }),
            },
            {
              path: paths.evidencesMobileList,
              handle: pageTitle('mobileList'),
              lazy: async () => ({ Component: (await import('@/pages/collection/lists')).MobileListPage }),
            },
            {
              path: `${paths.evidencesMobileList}/download`,
              handle: pageTitle('mobileDownload'),
              lazy: async () => ({ Component: (await import('@/pages/collection/lists')).MobileDownloadPage }),
            },
            {
              path: `${paths.processQueue}/:id`,
              handle: pageTitle('processQueue'),
              lazy: async () => ({ Component: (await import('@/pages/collection/queue')).ProcessQueuePage }),
            },
            {
              path: `${paths.mobileQueue}/:id`,
              handle: pageTitle('mobileQueue'),
              lazy: async () => ({ Component: (await import('@/pages/collection/queue')).MobileQueuePage }),
            },
            {
              path: paths.processPreview,
              handle: pageTitle('processPreview'),
              lazy: async () => ({ Component: (await import('@/pages/collection/evidence-pro')).ProcessPreviewPage }),
            },
            {
              path: paths.newWeb,
              handle: pageTitle('newWeb'),
              lazy: async () => ({ Component: (await import('@/pages/collection/new-web')).NewWebPage }),
            },
            {
              path: paths.newProcess,
              handle: pageTitle('newProcess'),
              lazy: async () => ({ Component: (await import('@/pages/collection/new-process')).NewProcessPage }),
            },
            {
              path: paths.newMobile,
              handle: pageTitle('newMobile'),
              lazy: async () => ({ Component: (await import('@/pages/collection/new-mobile')).NewMobilePage }),
            },
            {
              path: paths.notifications,
              handle: pageTitle('notifications'),
              lazy: async () => ({ Component: (await import('@/pages/notifications')).NotificationsPage }),
            },
            {
              path: paths.signature,
              handle: pageTitle('signature'),
              lazy: async () => ({ Component: (await import('@/pages/signature')).SignaturePage }),
            },
            {
              path: paths.address,
              handle: pageTitle('address'),
              lazy: async () => ({ Component: (await import('@/pages/address')).AddressPage }),
            },
            {
              path: paths.buyCredits,
              handle: pageTitle('buyCredits'),
              lazy: async () => ({ Component: (await import('@/pages/buy-credits')).BuyCreditsPage }),
            },
            {
              path: paths.orders,
              handle: pageTitle('orders'),
              lazy: async () => ({ Component: (await import('@/pages/orders')).OrdersPage }),
            },
            // Invoices: applications and headers, one application, applying for chosen orders.
            {
              path: paths.invoice,
              handle: pageTitle('invoice'),
              lazy: async () => ({ Component: (await import('@/pages/invoice/center')).InvoiceCenterPage }),
            },
            {
              path: paths.invoiceDetails,
              handle: pageTitle('invoiceDetails'),
              lazy: async () => ({ Component: (await import('@/pages/invoice/details')).InvoiceDetailsPage }),
            },
            {
              path: paths.makeOutInvoice,
              handle: pageTitle('makeOutInvoice'),
              lazy: async () => ({ Component: (await import('@/pages/invoice/make-out')).MakeOutInvoicePage }),
            },
            // Notarisation: my notarisation, choosing records, the detail, the four-step wizard.
            {
              path: paths.notary,
              handle: pageTitle('notary'),
              lazy: async () => ({ Component: (await import('@/pages/notary/list')).NotaryListPage }),
            },
            {
              path: paths.notarySelectList,
              handle: pageTitle('notarySelect'),
              lazy: async () => ({ Component: (await import('@/pages/notary/select')).NotarySelectPage }),
            },
            {
              path: paths.notaryDetail,
              handle: pageTitle('notaryDetail'),
              lazy: async () => ({ Component: (await import('@/pages/notary/detail')).NotaryDetailPage }),
            },
            {
              path: `${paths.readingMaterial}/:step/:orderId/:type`,
              handle: pageTitle('notaryWizard'),
              lazy: async () => ({ Component: (await import('@/pages/notary/wizard')).NotaryWizardPage }),
            },
            // The bare wizard path goes to the application form (of the order named, else to choosing records).
            {
              path: paths.readingMaterial,
              handle: pageTitle('notaryWizard'),
              lazy: async () => ({ Component: (await import('@/pages/notary/wizard')).ReadingMaterialRedirect }),
            },
            {
              path: `${paths.readingMaterial}/:orderId/:type`,
              handle: pageTitle('notaryWizard'),
              lazy: async () => ({ Component: (await import('@/pages/notary/wizard')).ReadingMaterialRedirect }),
            },
            // Real-name verification.
            {
              path: paths.newAccessCard,
              handle: pageTitle('newAccessCard'),
              lazy: async () => ({ Component: (await import('@/pages/kyc/new-access-card')).NewAccessCardPage }),
            },
            {
              path: paths.organizationKyc,
              handle: pageTitle('organizationKyc'),
              lazy: async () => ({ Component: (await import('@/pages/kyc/organization-kyc')).OrganizationKycPage }),
            },
            {
              path: paths.personageKyc,
              handle: pageTitle('personageKyc'),
              lazy: async () => ({ Component: (await import('@/pages/kyc/personage-kyc')).PersonageKycPage }),
            },
            {
              path: paths.personageFaceKyc,
              handle: pageTitle('personageFaceKyc'),
              lazy: async () => ({ Component: (await import('@/pages/kyc/personage-face-kyc')).FaceKycPage }),
            },
            {
              path: paths.kycInfo,
              handle: pageTitle('kycInfo'),
              lazy: async () => ({ Component: (await import('@/pages/kyc/kyc-info')).KycInfoPage }),
            },
            {
              path: paths.personInfo,
              handle: pageTitle('personInfo'),
              lazy: async () => ({ Component: (await import('@/pages/kyc/kyc-info')).PersonInfoPage }),
            },
          ],
        },
        {
          path: paths.notFound,
          handle: pageTitle('notFound'),
          lazy: async () => ({ Component: (await import('@/pages/not-found')).NotFoundPage }),
        },
        { path: '*', handle: pageTitle('notFound'), lazy: async () => ({ Component: (await import('@/pages/not-found')).NotFoundPage }) },
      ],
    },
  ];
}

export function createRouter(scope: Scope) {
  return createAppRouter(routeTable(createAuthGuard(scope)));
}
