import type { ProviderUrlRule } from '@/shared/lib/url';

/** Build-time configuration. Values come from Vite env variables (VITE_*) with safe defaults. */
const env = import.meta.env;

export const apiBaseUrl: string = env.VITE_API_BASE ?? '/api';

/** Public pages whose session-expiry handling reloads the page instead of going to /login (spec section 8). */
export const reloadOnExpiryPaths: readonly string[] = ['/queryAuthentication', '/404', '/mobile/attestation', '/appDownload'];

/** Footer filing numbers; when unset, the texts of the default language's common.json are shown. */
export const siteFiling = {
  icp: env.VITE_ICP_FILING,
  police: env.VITE_POLICE_FILING,
  policeLink: env.VITE_POLICE_FILING_LINK ?? 'https://beian.mps.gov.cn/',
  icpLink: env.VITE_ICP_FILING_LINK ?? 'https://beian.miit.gov.cn/',
};

/** Width from which the desktop layout applies (spec section 1). */
export const DESKTOP_MIN_WIDTH = 768;

/**
 * Host of the notary service in production (spec section 7: there an http download link is forced to https);
 * empty leaves links as the service gives them.
 */
export const notaryProductionHost: string = env.VITE_NOTARY_PRODUCTION_HOST ?? '';

/** A comma-separated build variable as a list of trimmed, non-empty entries. */
const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * Whether the sandbox providers' pages on this site (`/sandbox/face`, `/sandbox/wechat/scan`) may be shown
 * as a QR code and a link. On unless `VITE_SANDBOX_PROVIDERS=off` (a production build with real providers).
 */
export const sandboxProvidersEnabled: boolean = env.VITE_SANDBOX_PROVIDERS !== 'off';

/**
 * Hosts of the real face-verification provider whose https pages `/personage-face-kyc?url=` may show:
 * `VITE_FACE_VERIFY_HOSTS`, comma-separated, `*.alipay.com` meaning any subdomain of alipay.com
 * (Alipay's certify URL). Empty (the default): only the sandbox face page.
 */
export const faceVerifyHosts: readonly string[] = listOf(env.VITE_FACE_VERIFY_HOSTS);

/** The only addresses the face-verification page turns into a QR code and a link. */
export const faceVerifyUrlRules: readonly ProviderUrlRule[] = [
  ...faceVerifyHosts.map((host): ProviderUrlRule => ({ kind: 'https', host })),
  ...(sandboxProvidersEnabled ? [{ kind: 'same-origin', path: '/sandbox/face' } as const] : []),
];

/**
 * The only addresses the WeChat Pay page turns into a QR code: WeChat's Native payment link
 * (`weixin://wxpay/bizpayurl?pr=…`, the code_url of a real payment), and the sandbox scan page.
 */
export const weChatPayUrlRules: readonly ProviderUrlRule[] = [
  { kind: 'app-link', prefix: 'weixin://wxpay/bizpayurl?' },
  ...(sandboxProvidersEnabled ? [{ kind: 'same-origin', path: '/sandbox/wechat/scan' } as const] : []),
];
