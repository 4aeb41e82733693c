export { saveLanguageMutation } from './api/save-language';
export { languageChosen, showChosenLanguageFx } from './model/switch-language';
export { LanguageSwitch } from './ui/language-switch';
