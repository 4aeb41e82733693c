import { createEffect } from 'effector';

/** Spec section 9: the hidden download frame lives 300000 ms (5 minutes), long enough for a slow download to start. */
export const DOWNLOAD_FRAME_LIFETIME_MS = 300_000;

/**
 * Spec section 7: on the notary service's production domain, an http download link is forced to https
 * (a page served over https may not load an http frame). Elsewhere the link stays as given.
 */
export function downloadUrlFor(url: string, pageHost: string, productionHost: string): string {
  if (!productionHost || pageHost !== productionHost) return url;
  return url.replace(/^http:\/\//i, 'https://');
}

export type FrameHost = {
  document: Pick<Document, 'createElement' | 'body'>;
  setTimeout: (run: () => void, ms: number) => unknown;
};

/**
 * Opens a download in a hidden frame (spec section 7), the page stays where it is; the frame is removed after
 * DOWNLOAD_FRAME_LIFETIME_MS. Returns the frame (tests look at it).
 */
export function openInHiddenFrame(url: string, host: FrameHost): HTMLIFrameElement {
  const frame = host.document.createElement('iframe');
  frame.src = url;
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.dataset.testid = 'notary-download-frame';
  host.document.body.appendChild(frame);
  host.setTimeout(() => frame.remove(), DOWNLOAD_FRAME_LIFETIME_MS);
  return frame;
}

/** The same for models: opens the signed link (https on the production domain) in a hidden frame. */
export const openDocumentFx = createEffect(({ url, productionHost }: { url: string; productionHost: string }) => {
  openInHiddenFrame(downloadUrlFor(url, globalThis.location?.host ?? '', productionHost), {
    document,
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  });
});
