export { CORE_NAMESPACES, i18n, initI18n, translate, translateMessage } from './i18n';
