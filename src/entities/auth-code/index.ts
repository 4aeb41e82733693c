export { SEND_CODE_PATHS } from './api/send-code';
export type { CodePurpose, SendCodeBody } from './api/send-code';
export { failureText } from './lib/failure-text';
export { createCaptcha } from './model/captcha';
export type { CaptchaModel } from './model/captcha';
export { createCodeSender, DEFAULT_RESEND_SECONDS } from './model/code-sender';
export type { CodeSenderModel } from './model/code-sender';
export { CaptchaImage } from './ui/captcha-image';
export { SendCodeButton } from './ui/send-code-button';
