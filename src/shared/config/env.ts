/** Build-time configuration. Values come from Vite env variables (VITE_*) with safe defaults. */
const env = import.meta.env;

export const apiBaseUrl: string = env.VITE_API_BASE ?? '/api';

/** Public pages whose session-expiry handling reloads the page instead of going to /login (spec section 8). */
export const reloadOnExpiryPaths: readonly string[] = ['/queryAuthentication', '/404', '/mobile/attestation', '/appDownload'];

/** Footer filing numbers; when unset, the texts of locales/zh-CN/common.json are shown. */
export const siteFiling = {
  icp: env.VITE_ICP_FILING as string | undefined,
  police: env.VITE_POLICE_FILING as string | undefined,
  policeLink: (env.VITE_POLICE_FILING_LINK as string | undefined) ?? 'https://beian.mps.gov.cn/',
  icpLink: (env.VITE_ICP_FILING_LINK as string | undefined) ?? 'https://beian.miit.gov.cn/',
};

/** Width from which the desktop layout applies (spec section 1). */
export const DESKTOP_MIN_WIDTH = 768;

/**
 * Host of the notary service in production (spec section 7: there an http download link is forced to https);
 * empty leaves links as the service gives them.
 */
export const notaryProductionHost: string = (env.VITE_NOTARY_PRODUCTION_HOST as string | undefined) ?? '';
