/** Spec sections 2, 4 and 8: evidence is uploaded (downloadable), still uploading, or missing. */
export type DownloadState = 'ready' | 'uploading' | 'missing';

/** The certificate page's `isDownload` query: 0 missing, 1 uploaded, 2 uploading; anything else is absent. */
export function parseDownloadQuery(value: string | null | undefined): 0 | 1 | 2 | null {
  return value === '0' ? 0 : value === '1' ? 1 : value === '2' ? 2 : null;
}

/**
 * What a download request of one record leads to. The record's own isDownload decides when it is 1
 * (uploaded) or 2; when the record says 0, the page's query tells "still uploading" (2)
 * from "missing" (0 or none), with the messages of spec section 8 writes it.
 */
export function downloadStateOf(recordIsDownload: 0 | 1 | 2, queryIsDownload: 0 | 1 | 2 | null = null): DownloadState {
  if (recordIsDownload === 1) return 'ready';
  if (recordIsDownload === 2) return 'uploading';
  return queryIsDownload === 2 ? 'uploading' : 'missing';
}

/** The locale key (evidence namespace) of the message shown when a download cannot start. */
export function downloadStateMessageKey(state: DownloadState): string | null {
  if (state === 'uploading') return 'evidence:download.uploading';
  if (state === 'missing') return 'evidence:download.missing';
  return null;
}
