/** A point on the shown screen image, in the remote page's pixels (the image is scaled to fit the page). */
export function toPagePoint(
  point: { offsetX: number; offsetY: number; shownWidth: number; shownHeight: number },
  page: { width: number; height: number },
): { x: number; y: number } {
  const scaleX = point.shownWidth > 0 ? page.width / point.shownWidth : 1;
  const scaleY = point.shownHeight > 0 ? page.height / point.shownHeight : 1;
  const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), max - 1);
  return { x: clamp(point.offsetX * scaleX, page.width), y: clamp(point.offsetY * scaleY, page.height) };
}

/** Keys sent as keys (the rest of what is typed is sent as text). */
export const SPECIAL_KEYS = [
  'Enter',
  'Backspace',
  'Tab',
  'Escape',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Delete',
  'Home',
  'End',
  'PageUp',
  'PageDown',
] as const;
export type SpecialKey = (typeof SPECIAL_KEYS)[number];
export const isSpecialKey = (key: string): key is SpecialKey => (SPECIAL_KEYS as readonly string[]).includes(key);
