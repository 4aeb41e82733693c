import { Input } from '@douyinfe/semi-ui-19';
import type { HTMLAttributes, ReactNode } from 'react';
import { translateMessage } from '../../i18n';
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
  /** Semi's `mode="password"` toggle is left out: its label is English-only and it adds a tab stop. */
  type?: 'text' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Rendered beside the input (an image to refresh, a button that sends something). */
  addon?: ReactNode;
};

/** A labelled Semi input with its validation message underneath, wired for assistive technology. */
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
  return (
    <div className={`form-field${message ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="form-field__control">
        <Input
          id={id}
          name={id}
          size="large"
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
          validateStatus={message ? 'error' : 'default'}
          onChange={(next) => onChange(next)}
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
