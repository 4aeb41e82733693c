/**
 * The pages of one record (`/attestation/<no>`, `/explorer/<hash>`) share one prerendered shell in their parent's
 * folder of the web build: `attestation/[param].html`. scripts/prerender/plugin.ts writes it for a route path
 * ending in `/[param]`; server/http/web-app.ts sends it for every `<parent>/<one segment>`.
 */
export const RECORD_PARAM = '[param]';
export const RECORD_SHELL_FILE = `${RECORD_PARAM}.html`;
