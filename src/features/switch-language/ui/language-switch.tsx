import { useUnit } from 'effector-react';
import { useId } from 'react';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, useTranslation } from '@/shared/i18n';
import { languageChosen } from '../model/switch-language';
import './language-switch.css';

/**
 * The language switch: a native select (no overlay code on public pages, and every screen reader knows it), each
 * language named in itself so a reader finds their own whatever the page shows.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const choose = useUnit(languageChosen);
  const id = useId();
  return (
    <span className={`language-switch${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select id={id} value={i18n.language} onChange={(event) => choose(event.target.value)} data-testid="language-switch">
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language] ?? language}
          </option>
        ))}
      </select>
    </span>
  );
}
