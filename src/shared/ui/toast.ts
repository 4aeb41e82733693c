import { createEffect } from 'effector';

export type ToastParams = { type: 'success' | 'error' | 'info' | 'warning'; text: string };

const DURATION_S = 3;

/**
 * Semi's Toast, loaded on first use: a page that never shows one (most first visits) does not carry its JS or
 * CSS. Semi renders each toast as `role="alert"`, a live region screen readers announce when it is added; it
 * never takes the focus.
 */
export async function showToast({ type, text }: ToastParams): Promise<void> {
  const { default: Toast } = await import('@douyinfe/semi-ui-19/lib/es/toast');
  Toast[type]({ content: text, duration: DURATION_S });
}

/** Toasts are side effects of models (spec section 8), never called from components; Node model tests show none. */
export const showToastFx = createEffect(async ({ type, text }: ToastParams) => {
  if (!text || typeof document === 'undefined') return;
  await showToast({ type, text });
});
