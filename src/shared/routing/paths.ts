/** Route paths of spec section 2, in one place so links and the route table agree. */
export const paths = {
  root: '/',
  home: '/home',
  helpCenter: '/helpCenter',
  login: '/login',
  register: '/register',
  forgetPassword: '/forgetpwd',
  appDownload: '/appDownload',
  notFound: '/404',
  dataPreservation: '/attestation-all',
  attestationData: '/attestation-all/data',
  attestationApp: '/attestation-all/app',
  batchDownload: '/attestation-all/data/download',
  /** Certificate page: `/attestation/{attestationId}` (public). */
  attestation: '/attestation',
  /** Our log explorer: `/explorer/{chainhash}` (public). */
  explorer: '/explorer',
  mobileAttestation: '/mobile/attestation',
  mobilePreviewProgress: '/mobile/previewProgress',
  mobilePreview: '/mobile/preview',
  queryAuthentication: '/queryAuthentication',
  evidenceCollection: '/evidences-all',
  /** Online evidence collection: the three lists (each also with `/download`), queues, preview. */
  evidencesWebList: '/evidences-all/web',
  evidencesProcessList: '/evidences-all/process',
  evidencesMobileList: '/evidences-all/mobile-process',
  /** `/evidences-all/process/queue/{id}` and `/evidences-all/mobile/queue/{id}`. */
  processQueue: '/evidences-all/process/queue',
  mobileQueue: '/evidences-all/mobile/queue',
  processPreview: '/evidences-all/process/preview',
  newWeb: '/newWeb',
  newProcess: '/newProcess',
  newMobile: '/newMobile',
  notary: '/notary',
  /** Notary order detail: `?orderId=&type=&goBackUrl=`. */
  notaryDetail: '/notary/detail',
  /** Choosing the preserved records of a new notarisation. */
  notarySelectList: '/notary/selectList',
  /** The notarisation wizard: `/{applicationForm|signature|deCode|pay}/{orderId}/{type}?addOrder=`. */
  readingMaterial: '/attestation-all/data/readingMaterial',
  /** Web evidence details: `/evidencesWeb/{baoquan}?id=`. */
  evidencesWeb: '/evidencesWeb',
  /** Process and mobile evidence details: `/evidencesPro/{baoquan}?id=`. */
  evidencesPro: '/evidencesPro',
  setting: '/setting',
  kycInfo: '/kyc-info',
  personInfo: '/person-info',
  notifications: '/notifications',
  signature: '/signature',
  orders: '/orders',
  /** Invoice application for chosen orders: `?ids=[…]&money=`. */
  makeOutInvoice: '/orders/makeOutInvoice',
  buyCredits: '/buyCredits',
  /** WeChat Pay QR page: `/weChat/{orderNo}?url=&money=`. */
  weChat: '/weChat',
  invoice: '/invoice',
  /** One invoice application: `?id=`. */
  invoiceDetails: '/invoice/details',
  address: '/address',
  organizationKyc: '/organization-kyc',
  personageKyc: '/personage-kyc',
  /** Face verification wait page: `?url=&certify_id=` (QR code, polling). */
  personageFaceKyc: '/personage-face-kyc',
  newAccessCard: '/newAccessCard',
  // Legal texts: which document each path shows is in docs/decisions/public-pages.md.
  clause: '/clause',
  userClause: '/user/clause',
  userAgreement: '/user-agreement',
  privacy: '/privacy',
  privacyMain: '/privacy-main',
  privacyList: '/privacy-list',
  privacySharingList: '/privacy-slist',
  privacyPermissionList: '/privacy-ilist',
  // The staff console: its own sign-in, layout and chunks under /staff.
  staff: '/staff',
  staffLogin: '/staff/login',
  /** Where every role lands: what waits at each desk it works, and for how long. */
  staffHome: '/staff/home',
  /** The signed-in member's own account: password, recovery codes. */
  staffProfile: '/staff/profile',
  staffAccounts: '/staff/accounts',
  staffAudit: '/staff/audit',
  /** Verification review: the queue, and one submission at `/staff/verification/{id}`. */
  staffVerification: '/staff/verification',
  /** The notary office: the queue, and one order at `/staff/notary/{id}`. */
  staffNotary: '/staff/notary',
  /** Finance: invoice applications (one at `/staff/invoices/{id}`), and orders and payments. */
  staffInvoices: '/staff/invoices',
  staffOrders: '/staff/orders',
} as const;

/** Whether a path belongs to the staff console (its calls and session are the console's own). */
export const isStaffPath = (pathname: string): boolean => pathname === paths.staff || pathname.startsWith(`${paths.staff}/`);
