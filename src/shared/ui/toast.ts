import { createEffect } from 'effector';

export type ToastParams = { type: 'success' | 'error' | 'info' | 'warning'; text: string };

const DURATION_MS = 3000;
const ICONS: Record<ToastParams['type'], string> = { success: '\u2713', error: '\u2715', info: 'i', warning: '!' };

let stack: HTMLElement | null = null;

/** One live region for every toast, made on first use (screen readers announce what is added to it). */
function toastStack(): HTMLElement {
  if (stack?.isConnected) return stack;
  stack = document.createElement('div');
  stack.className = 'ui-toast-stack';
  stack.setAttribute('role', 'status');
  stack.setAttribute('aria-live', 'polite');
  document.body.appendChild(stack);
  return stack;
}

/**
 * A light toast of our own: Semi's Toast would bring about 30 KB of JS and its CSS to the first visit of
 * any page that shows one (a certificate number that does not exist). Plain DOM, styled in global.css, gone
 * after three seconds or when clicked; it never takes the focus.
 */
export function showToast({ type, text }: ToastParams): void {
  const item = document.createElement('div');
  item.className = `ui-toast ui-toast--${type}`;
  const icon = document.createElement('span');
  icon.className = 'ui-toast__icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = ICONS[type];
  const content = document.createElement('span');
  content.className = 'ui-toast__content';
  content.textContent = text;
  item.append(icon, content);
  const remove = () => item.remove();
  item.addEventListener('click', remove);
  toastStack().appendChild(item);
  setTimeout(remove, DURATION_MS);
}

/** Toasts are side effects of models (spec section 8), never called from components; Node model tests show none. */
export const showToastFx = createEffect(({ type, text }: ToastParams) => {
  if (!text || typeof document === 'undefined') return;
  showToast({ type, text });
});
