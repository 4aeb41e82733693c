export { loginPathFor, safeRedirect } from './safe-redirect';
