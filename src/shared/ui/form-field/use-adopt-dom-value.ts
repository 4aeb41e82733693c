import { useEffect, useRef, type RefObject } from 'react';

/**
 * A prerendered form (issue 20) can be typed into, or filled by the browser or a password manager, before React
 * hydrates it. React keeps what the element shows, but the model never heard of it and the field's next render
 * would wipe it. Once mounted, the field hands what its element holds to the model when it differs from the
 * model's value (a text, or a checkbox's state). A client render has nothing to adopt: the element shows the model.
 */
export function useAdoptDomValue<E extends HTMLInputElement | HTMLTextAreaElement, V extends string | boolean>(
  value: V,
  onChange: (value: V) => void,
): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    const node = ref.current;
    if (!node) return;
    const shown = typeof value === 'boolean' ? (node as HTMLInputElement).checked : node.value;
    if (shown !== value) onChange(shown as V);
  }, [value, onChange]);
  return ref;
}
