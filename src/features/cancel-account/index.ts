export { CancelAccount } from './ui/cancel-account';
