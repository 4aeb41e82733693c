import { Toast } from '@douyinfe/semi-ui-19';
import { createEffect } from 'effector';

export type ToastParams = { type: 'success' | 'error' | 'info' | 'warning'; text: string };

/** Toasts are side effects of models (spec section 8), never called from components. */
export const showToastFx = createEffect(({ type, text }: ToastParams) => {
  if (!text) return;
  Toast[type]({ content: text, duration: 3 });
});
