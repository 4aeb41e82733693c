export { PageLoader } from './page-loader';
export { showToastFx } from './toast';
export type { ToastParams } from './toast';
