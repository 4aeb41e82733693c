export { registerMutation } from './api/register';
export { RegisterForm } from './ui/register-form';
