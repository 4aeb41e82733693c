export { ABORTED_CODE, ApiError, NETWORK_FAILURE_CODE } from './api-error';
export { classifyFailure, isSuccessCode } from './catalogue';
export type { FailureOutcome } from './catalogue';
export { encodeForm } from './encode';
export type { FormFields, FormValue } from './encode';
export { PAGE_PATH_HEADER, sendRequest } from './http';
export type { HttpMethod, RequestConfig } from './http';
export {
  $authToken,
  AUTH_TOKEN_KEY,
  authTokenChanged,
  createApiEffect,
  createUploadEffect,
  noticeShown,
  requestFx,
  sessionExpired,
} from './request';
export type { Notice, UploadParams } from './request';
export { sendUpload } from './upload';
export type { UploadConfig, UploadControl, UploadProgress, XhrLike } from './upload';
// The zod contracts shared with the server, re-exported so slices import them through this segment's
// public API (steiger fsd/no-public-api-sidestep flags `@/shared/api/contracts`).
export {
  ApiCode,
  appVersionResponse,
  bannerResponse,
  captchaField,
  CHINESE_16,
  CHINESE_NAME,
  DIGITS_8_25,
  editPasswordRequest,
  EMAIL,
  emptyBody,
  envelope,
  formInt,
  IMAGE_CAPTCHA,
  imgCodeResponse,
  isIdCard,
  loginRequest,
  logoutRequest,
  msg,
  noticeResponse,
  noticeSchema,
  parseMessage,
  PASSWORD,
  passwordField,
  PHONE,
  PHONE_OR_HAN,
  phoneField,
  POSTAL_6,
  registerRequest,
  resetPasswordRequest,
  sendSmsRequest,
  sendSmsResponse,
  sessionResponse,
  SMS_CODE,
  smsCodeField,
  smsLoginRequest,
  SPECIAL_CHARS,
  userInfoSchema,
  userStatusSchema,
  userTypeSchema,
  WORD_18,
} from './contracts';
export type { Envelope, MessageRef, SessionResponse, UserInfo } from './contracts';
// The contracts index is itself an explicit list, shared with the server; re-exporting it whole keeps one list.
export * from './contracts';
