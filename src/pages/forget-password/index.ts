export { ForgetPasswordPage } from './ui/forget-password-page';
