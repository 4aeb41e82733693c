import { useEffect, useState } from 'react';
import './scroll-strip.css';

/**
 * For a strip that scrolls sideways (`scroll-strip`): marks the element with `data-more-start` / `data-more-end`
 * while there is more to see on that side, so the CSS fades that edge and the person sees the strip scrolls.
 * Returns the ref callback to put on the strip.
 */
export function useScrollEdges<T extends HTMLElement>(): (node: T | null) => void {
  const [node, setNode] = useState<T | null>(null);
  useEffect(() => {
    if (!node) return undefined;
    const update = () => {
      const max = node.scrollWidth - node.clientWidth;
      node.toggleAttribute('data-more-start', node.scrollLeft > 1);
      node.toggleAttribute('data-more-end', node.scrollLeft < max - 1);
    };
    update();
    node.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(node);
    return () => {
      node.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [node]);
  return setNode;
}
