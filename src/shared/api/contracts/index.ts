export { ApiCode, envelope, emptyBody, formInt } from './common';
export type { Envelope } from './common';
export { msg, parseMessage } from './messages';
export type { MessageRef } from './messages';
export {
  CHINESE_16,
  CHINESE_NAME,
  DIGITS_8_25,
  EMAIL,
  IMAGE_CAPTCHA,
  isIdCard,
  PASSWORD,
  PHONE,
  PHONE_OR_HAN,
  POSTAL_6,
  SMS_CODE,
  SPECIAL_CHARS,
  WORD_18,
} from './rules';
export {
  appVersionResponse,
  bannerResponse,
  captchaField,
  editPasswordRequest,
  imgCodeResponse,
  loginRequest,
  logoutRequest,
  noticeResponse,
  noticeSchema,
  passwordField,
  phoneField,
  registerRequest,
  resetPasswordRequest,
  sendSmsRequest,
  sendSmsResponse,
  sessionResponse,
  smsCodeField,
  smsLoginRequest,
  userInfoSchema,
  userStatusSchema,
  userTypeSchema,
} from './auth';
export type { SessionResponse, UserInfo } from './auth';
export { EXTRACT_CODE_MAX, extractCodeField, extractCodeResponse, setExtractCodeRequest } from './account';
