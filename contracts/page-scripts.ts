/**
 * A prerendered form is on screen before its page's JavaScript has run. Submitted then, the browser would send it
 * itself: a GET of the same page with every field in the address, the password included (in the history, in access
 * logs). The guard, an inline script in the head of every prerendered page (scripts/prerender/plugin.ts), stops every
 * native submission (no form of this app is sent by the browser itself: each has its handler) and remembers one made
 * before its form was live. The server allows it by its hash in the Content-Security-Policy (server/http/security.ts),
 * so the source is shared by the page and the server here.
 */
export const PENDING_SUBMIT = '__pendingSubmit';
/** The attribute a form carries once its handler is attached. */
export const LIVE_FORM_ATTRIBUTE = 'data-live';

/** The guard's source, exactly as it goes between `<script>` and `</script>` (its hash must match). */
export const SUBMIT_GUARD_SOURCE =
  `addEventListener("submit",function(e){e.preventDefault();` +
  `if(!e.target.hasAttribute("${LIVE_FORM_ATTRIBUTE}"))window.${PENDING_SUBMIT}=e.submitter||e.target},true)`;
