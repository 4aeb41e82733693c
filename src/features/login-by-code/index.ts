export { codeLoginMutation } from './api/code-login';
export { CodeLoginForm } from './ui/code-login-form';
