export { redirectTargetOf, withRedirectQuery } from './redirect-query';
export { loginPathFor, safeRedirect } from './safe-redirect';
