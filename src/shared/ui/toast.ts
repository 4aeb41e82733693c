import { createEffect } from 'effector';

export type ToastParams = { type: 'success' | 'error' | 'info' | 'warning'; text: string };

/**
 * Toasts are side effects of models (spec section 8), never called from components. Semi's Toast is
 * loaded on first use: most first visits never show one, and Node model tests never load Semi.
 */
export const showToastFx = createEffect(async ({ type, text }: ToastParams) => {
  if (!text) return;
  const { default: Toast } = await import('@douyinfe/semi-ui-19/lib/es/toast');
  Toast[type]({ content: text, duration: 3 });
});
