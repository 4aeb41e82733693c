import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, updated as it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** Below 768 px wide: the mobile layout (spec section 1). */
export const useIsMobile = (): boolean => useMediaQuery('(max-width: 767px)');
