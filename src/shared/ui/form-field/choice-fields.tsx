import type { ReactNode } from 'react';
import { translateMessage } from '../../i18n';
import './form-field.css';

type FieldBase = {
  id: string;
  label: string;
  value: string;
  /** A message reference from the contracts (`key` or `key|field`), translated here. */
  error?: string | null;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
};

function FieldFrame({ id, label, message, children }: { id: string; label: string; message: string; children: ReactNode }) {
  return (
    <div className={`form-field${message ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="form-field__control">{children}</div>
      <div id={`${id}-error`} className="form-field__error" aria-live="polite">
        {message}
      </div>
    </div>
  );
}

export type SelectFieldProps = FieldBase & {
  options: readonly { value: string; label: string }[];
  /** A first option with an empty value ("choose…"). */
  placeholder?: string;
};

/** A labelled native select with its validation message underneath, in the look of `FormField`. */
export function SelectField({ id, label, value, error, onChange, onBlur, disabled, options, placeholder }: SelectFieldProps) {
  const message = error ? translateMessage(error) : '';
  return (
    <FieldFrame id={id} label={label} message={message}>
      <select
        className="form-field__input form-field__select"
        id={id}
        name={id}
        value={value}
        disabled={disabled}
        aria-required
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldBase & { maxLength?: number; rows?: number; placeholder?: string; required?: boolean };

/** A labelled textarea (a reason, a remark) with its validation message underneath, in the look of `FormField`. */
export function TextAreaField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  maxLength,
  rows = 3,
  placeholder,
  required = true,
}: TextAreaFieldProps) {
  const message = error ? translateMessage(error) : '';
  return (
    <FieldFrame id={id} label={label} message={message}>
      <textarea
        className="form-field__input form-field__textarea"
        id={id}
        name={id}
        value={value}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        aria-required={required}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}
