export { PageLoader } from './page-loader';
export { showToastFx } from './toast';
export type { ToastParams } from './toast';
export { showConfirmFx } from './confirm';
export type { ConfirmParams } from './confirm';
