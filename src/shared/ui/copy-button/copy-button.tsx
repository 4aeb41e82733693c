import { useUnit } from 'effector-react';
import { useTranslation } from '../../i18n';
import { copyRequested } from './model';
import './copy-button.css';

export type CopyButtonProps = {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, in the page's words (its field label): the button is named "copy <what>". */
  what: string;
  testId?: string;
};

/**
 * A small icon button that copies a value and toasts the outcome (spec section 8). Plain HTML and an inline
 * icon, so public pages (certificate, explorer) can use it without Semi; the toast loads on first use.
 */
export function CopyButton({ value, what, testId }: CopyButtonProps) {
  const { t } = useTranslation('common');
  const copy = useUnit(copyRequested);
  const label = t('copy.label', { what });
  return (
    <button
      type="button"
      className="copy-button no-print"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={() => copy(value)}
    >
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <path
          d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
        />
      </svg>
    </button>
  );
}
