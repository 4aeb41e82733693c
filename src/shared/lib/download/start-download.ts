import { createEffect } from 'effector';

/**
 * Starts a browser download of a (signed, same-origin) link without leaving the page and without a new
 * tab: a hidden <a download> is clicked, then removed.
 */
export function startDownload(url: string, fileName = ''): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** The same as an effect, for models (tests replace it). */
export const startDownloadFx = createEffect(({ url, fileName }: { url: string; fileName?: string }) => startDownload(url, fileName));
