export { allowedProviderUrl } from './provider-url';
export type { ProviderUrlRule } from './provider-url';
export { redirectTargetOf, withRedirectQuery } from './redirect-query';
export { loginPathFor, safeRedirect } from '@contracts';
export { staffLoginPathFor, staffRedirectTarget } from './staff-redirect';
