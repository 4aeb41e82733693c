export { ABORTED_CODE, ApiError, NETWORK_FAILURE_CODE } from './api-error';
export { classifyFailure, classifyStaffFailure, isSuccessCode, outcomeText } from './catalogue';
export type { FailureOutcome } from './catalogue';
export { encodeForm } from './encode';
export type { FormFields, FormValue } from './encode';
export { PAGE_PATH_HEADER, sendRequest } from './http';
export type { AuthScheme, HttpMethod, RequestConfig } from './http';
export {
  $authToken,
  api,
  AUTH_TOKEN_KEY,
  authTokenChanged,
  createApiEffect,
  createUploadEffect,
  noticeShown,
  requestFx,
  sessionExpired,
} from './request';
export type { Notice, UploadParams } from './request';
export { STAFF_TOKEN_KEY, readStaffToken } from './staff-token';
// The staff console's transport; unused by the user app's chunks, so left out of them by the build.
export { $staffToken, createStaffUploadEffect, staffApi, staffRequestFx, staffSessionExpired, staffTokenChanged } from './staff-request';
export { sendUpload } from './upload';
export type { UploadConfig, UploadControl, UploadProgress, XhrLike } from './upload';
