export { CORE_NAMESPACES, i18n, initI18n, translate, translateMessage } from './i18n';
export { I18nProvider, useTranslation } from './react';
export { createTranslator, type TFunction, type Translator } from './translator';
