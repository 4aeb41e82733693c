import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/** A QR code as inline SVG (uqr, no canvas), with its meaning for assistive technology. */
export function QrCode({ value, label, size = 160 }: { value: string; label: string; size?: number }) {
  const svg = useMemo(() => renderSVG(value, { ecc: 'M', border: 2 }), [value]);
  return (
    <div
      className="qr-code"
      role="img"
      aria-label={label}
      style={{ width: size, height: size, lineHeight: 0 }}
      // uqr renders our own value into static SVG markup (rects only); nothing of the visitor's is parsed.
      dangerouslySetInnerHTML={{ __html: svg.replace('<svg ', `<svg width="${size}" height="${size}" aria-hidden="true" `) }}
    />
  );
}
