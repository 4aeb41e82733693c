export { resetPasswordMutation } from './api/reset-password';
export { ResetPasswordForm } from './ui/reset-password-form';
