export { loginMutation } from './api/login';
export { PasswordLoginForm } from './ui/password-login-form';
