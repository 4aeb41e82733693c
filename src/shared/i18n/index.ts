export {
  CORE_NAMESPACES,
  DEFAULT_LANGUAGE,
  i18n,
  initI18n,
  SUPPORTED_LANGUAGES,
  takeUsedNamespaces,
  translate,
  translateMessage,
} from './i18n';
export { currentLanguage, initialLanguage, LANGUAGE_NAMES, showLanguage } from './language';
export { I18nextProvider as I18nProvider, Trans, useTranslation } from 'react-i18next';
export type { SubKeys } from './keys';
