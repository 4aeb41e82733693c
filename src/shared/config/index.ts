export {
  apiBaseUrl,
  DESKTOP_MIN_WIDTH,
  faceVerifyHosts,
  faceVerifyUrlRules,
  notaryProductionHost,
  reloadOnExpiryPaths,
  sandboxProvidersEnabled,
  siteFiling,
  weChatPayUrlRules,
} from './env';
export { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from './languages';
