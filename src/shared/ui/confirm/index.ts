export { showConfirmFx } from './confirm';
export type { ConfirmParams } from './confirm';
