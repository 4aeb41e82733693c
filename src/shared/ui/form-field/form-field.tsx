import type { HTMLAttributes, ReactNode } from 'react';
import { translateMessage } from '../../i18n';
import { useAdoptDomValue } from './use-adopt-dom-value';
import './form-field.css';

export type FormFieldProps = {
  /** Id of the input; the label and the error text hang on it. */
  id: string;
  label: string;
  value: string;
  /** A message reference from the contracts (`key` or `key|field`), translated here. */
  error?: string | null;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'tel' | 'password' | 'date';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Rendered beside the input (an image to refresh, a button that sends something). */
  addon?: ReactNode;
};

/**
 * A labelled input with its validation message underneath, wired for assistive technology. A plain input in
 * Semi's look rather than Semi's Input: the sign-in pages use it, and their first visit stays small.
 */
export function FormField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  placeholder,
  required = true,
  disabled,
  addon,
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const message = error ? translateMessage(error) : '';
  const ref = useAdoptDomValue<HTMLInputElement, string>(value, onChange);
  return (
    <div className={`form-field${message ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="form-field__control">
        <input
          ref={ref}
          className="form-field__input"
          id={id}
          name={id}
          value={value}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={disabled}
          aria-required={required}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {addon ? <div className="form-field__addon">{addon}</div> : null}
      </div>
      <div id={errorId} className="form-field__error" aria-live="polite">
        {message}
      </div>
    </div>
  );
}
