import { useLayoutEffect, useRef, type RefObject } from 'react';
import { takeTypedValue } from '../../lib/form';

/**
 * A prerendered form can be typed into, or filled by the browser or a password manager, before React
 * hydrates it. React keeps what the element shows, but the model never heard of it and the field's next render
 * would wipe it. Once mounted, the field hands what its element holds to the model when it differs from the
 * model's value (a text, or a checkbox's state); a field rendered afresh over the prerendered one takes what was
 * typed into that one (`keepTypedValues`). It runs in the commit that attaches the form, before a press made
 * while the page was not live is replayed (`formWentLive`), so that press checks and sends what was typed.
 */
export function useAdoptDomValue<E extends HTMLInputElement | HTMLTextAreaElement, V extends string | boolean>(
  value: V,
  onChange: (value: V) => void,
): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  const adopted = useRef(false);
  useLayoutEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    const node = ref.current;
    if (!node) return;
    const shown = typeof value === 'boolean' ? (node as HTMLInputElement).checked : node.value;
    const typed = node.id ? takeTypedValue(node.id) : undefined;
    if (shown !== value) onChange(shown as V);
    else if (typed !== undefined && typeof typed === typeof value && typed !== value) onChange(typed as V);
  }, [value, onChange]);
  return ref;
}
