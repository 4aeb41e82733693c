import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { ApiError } from '@/shared/api';
import { translate } from '@/shared/i18n';
import { startDownload } from '@/shared/lib/download';
import { showToastFx } from '@/shared/ui';
import { downProofPackageFx, parseSignedLink } from '../api/proof-package';

/** One record by its preservation number (certificate page), or the chosen records (batch page). */
export type ProofPackageTarget = ({ baoquan: string } | { ids: number[] }) & {
  /** The records' file sizes added up, when known: the progress bar's estimate (the zip is streamed, so it has no length). */
  expectedBytes?: number;
};

/** Packages up to this size are fetched by the page (with progress) and saved from memory; larger ones go to the browser's own download. */
export const IN_PAGE_LIMIT = 512 * 1024 * 1024;

export interface PackageProgress {
  received: number;
  total: number | null;
}

export const proofPackageRequested = createEvent<ProofPackageTarget>();
const progressed = createEvent<PackageProgress>();

/** `filename*=UTF-8''...` of a Content-Disposition header, else its plain filename. */
export function fileNameOf(header: string | null): string {
  if (!header) return '';
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (exact) return decodeURIComponent(exact);
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? '';
}

/** Reads the answer, reporting each chunk; the Blob it makes is saved as the server named it. */
async function save(response: Response, expected: number | null, report: (progress: PackageProgress) => void): Promise<void> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  report({ received, total: expected });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    report({ received, total: expected });
  }
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
  startDownload(url, fileNameOf(response.headers.get('content-disposition')));
  globalThis.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const downloadProofPackageFx = createEffect<ProofPackageTarget, void, ApiError>(async (target) => {
  // Bound before the first await: progress flows into the scope that started the download.
  const report = scopeBind(progressed, { safe: true });
  const body = 'ids' in target ? { ids: target.ids.join(',') } : { baoquan: target.baoquan };
  const link = parseSignedLink(await downProofPackageFx(body));
  const expected = target.expectedBytes ?? null;
  if ((expected ?? 0) > IN_PAGE_LIMIT || typeof ReadableStream === 'undefined') {
    startDownload(link.url);
    return;
  }
  const response = await fetch(link.url).catch(() => null);
  if (!response?.ok || !response.body)
    throw new ApiError({ code: response?.status ?? -1, message: translate('evidence:proofPackage.failed') });
  await save(response, expected, report);
});

export const $proofPackagePending = downloadProofPackageFx.pending;
export const $proofPackageProgress = createStore<PackageProgress | null>(null)
  .on(progressed, (_, progress) => progress)
  .reset(downloadProofPackageFx.finally);

sample({ clock: proofPackageRequested, target: downloadProofPackageFx });
// The API's own failures are shown by the shared error catalogue; a broken download is shown here.
sample({
  clock: downloadProofPackageFx.failData,
  filter: (error) => error instanceof ApiError && error.message === translate('evidence:proofPackage.failed'),
  fn: () => ({ type: 'error' as const, text: translate('evidence:proofPackage.failed') }),
  target: showToastFx,
});
