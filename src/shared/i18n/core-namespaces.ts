/** The copy every page needs, loaded before the first render (and preloaded with the HTML at build). */
export const CORE_NAMESPACES = ['common', 'validation', 'fields', 'errors'] as const;
