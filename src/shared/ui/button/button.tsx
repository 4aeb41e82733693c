import type { CSSProperties, MouseEventHandler, ReactNode } from 'react';
import './button.css';

export type ButtonProps = {
  children: ReactNode;
  /** `primary`: the form's main action (filled); `secondary`: a lighter action beside a field. */
  kind?: 'primary' | 'secondary';
  type?: 'button' | 'submit';
  /** Full width of its container. */
  block?: boolean;
  /** Shows a spinner and refuses clicks while the action runs. */
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  title?: string;
  'data-testid'?: string;
};

/**
 * A plain button in the site's look, for the public pages (sign-in forms): Semi's Button would bring its
 * icon and locale code into their first visit. Signed-in pages keep using Semi.
 */
export function Button({
  children,
  kind = 'primary',
  type = 'button',
  block,
  loading,
  disabled,
  className,
  style,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${kind}`, block ? 'button--block' : '', loading ? 'button--loading' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      style={style}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onClick={onClick}
      {...rest}
    >
      {loading ? <span className="button__spinner" aria-hidden="true" /> : null}
      <span>{children}</span>
    </button>
  );
}
