import type { ReactNode } from 'react';

/**
 * The few line icons of the site header, drawn here: Semi's icon package would bring its component base and helpers
 * (about 6 KB gzipped) into every public page's first visit for three glyphs. They inherit the text
 * colour and are hidden from assistive technology: the control around them carries the label.
 */
type IconProps = { size?: 'small' | 'large' };

const PIXELS = { small: 12, large: 20 } as const;

function Glyph({ size = 'large', children }: IconProps & { children: ReactNode }) {
  const px = PIXELS[size];
  return (
    <svg
      className="line-icon"
      viewBox="0 0 24 24"
      width={px}
      height={px}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function IconMenu(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Glyph>
  );
}

export function IconBell(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M6.5 16.5V11a5.5 5.5 0 0 1 11 0v5.5l1.5 2h-14z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </Glyph>
  );
}

export function IconChevronDown(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M6 9.5l6 6 6-6" />
    </Glyph>
  );
}
