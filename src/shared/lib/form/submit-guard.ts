import { LIVE_FORM_ATTRIBUTE, PENDING_SUBMIT } from '@contracts';

/**
 * The page's half of the submit guard (contracts/page-scripts.ts): `formWentLive`, the form's ref, submits a
 * submission the guard held again through the form's own handler once it is attached, so the visitor's tap is not lost.
 */
type GuardedWindow = Window & Partial<Record<typeof PENDING_SUBMIT, EventTarget>>;

/** The ref of a form a prerendered page shows: marks it live and submits what was submitted before. */
export function formWentLive(form: HTMLFormElement | null): void {
  if (!form) return;
  form.setAttribute(LIVE_FORM_ATTRIBUTE, '');
  const guarded = window as GuardedWindow;
  const pending = guarded[PENDING_SUBMIT];
  const submitter = pending instanceof HTMLButtonElement || pending instanceof HTMLInputElement ? pending : null;
  if ((submitter?.form ?? pending) !== form) return;
  delete guarded[PENDING_SUBMIT];
  // After the commit that attached the handler, not inside it.
  setTimeout(() => {
    if (form.isConnected) form.requestSubmit(submitter);
  }, 0);
}
