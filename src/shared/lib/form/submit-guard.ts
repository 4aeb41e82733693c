/**
 * A prerendered form (issue 20) is on screen before its page's JavaScript has run. Submitted then, the browser would
 * send it itself: a GET of the same page with every field in the address, the password included (in the history,
 * in access logs). The guard, an inline script in the head of every prerendered page (scripts/prerender/plugin.ts,
 * allowed by its hash in the server's Content-Security-Policy, server/http/security.ts), stops every native
 * submission (no form of this app is sent by the browser itself: each has its handler) and remembers one made
 * before its form was live. `formWentLive`, the form's ref, submits that one again through the form's own handler
 * once it is attached, so the visitor's tap is not lost either.
 */
const PENDING = '__pendingSubmit';
const LIVE = 'data-live';

/** The guard's source, exactly as it goes between `<script>` and `</script>` (its hash must match). */
export const SUBMIT_GUARD_SOURCE =
  `addEventListener("submit",function(e){e.preventDefault();` +
  `if(!e.target.hasAttribute("${LIVE}"))window.${PENDING}=e.submitter||e.target},true)`;

type GuardedWindow = Window & { [PENDING]?: EventTarget };

/** The ref of a form a prerendered page shows: marks it live and submits what was submitted before. */
export function formWentLive(form: HTMLFormElement | null): void {
  if (!form) return;
  form.setAttribute(LIVE, '');
  const guarded = window as GuardedWindow;
  const pending = guarded[PENDING];
  const submitter = pending instanceof HTMLButtonElement || pending instanceof HTMLInputElement ? pending : null;
  if ((submitter?.form ?? pending) !== form) return;
  delete guarded[PENDING];
  // After the commit that attached the handler, not inside it.
  setTimeout(() => {
    if (form.isConnected) form.requestSubmit(submitter);
  }, 0);
}
