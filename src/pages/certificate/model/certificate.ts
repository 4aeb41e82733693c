import { concurrency } from '@farfetched/core';
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { ApiError } from '@/shared/api';
import { shareViewRequest } from '@contracts';
import { translate } from '@/shared/i18n';
import { startDownloadFx } from '@/shared/lib/download';
import { paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import {
  certificatePdfFx,
  certificateQuery,
  downloadStateMessageKey,
  downloadStateOf,
  fileKindFromQueryWord,
  parseCertificate,
  parseDownloadQuery,
  parseSignedLink,
  previewInfoFx,
  shareDownloadFx,
  shareViewFx,
  viewTokenQuery,
  type Certificate,
  type FileKindWords,
} from '@/entities/evidence';

/** The page's address: /attestation/{attestationId}?fileUrl&fileType&isDownload (spec section 2). */
export type CertificatePageParams = { baoquan: string; search: string };

export const CertificateGate = createGate<CertificatePageParams>();

concurrency(certificateQuery, { strategy: 'TAKE_LATEST' });
concurrency(viewTokenQuery, { strategy: 'TAKE_LATEST' });

export const $baoquan = CertificateGate.state.map((state) => state?.baoquan ?? '');
export const $pageQuery = CertificateGate.state.map((state) => {
  const query = new URLSearchParams(state?.search ?? '');
  return { fileUrl: query.get('fileUrl'), fileType: query.get('fileType'), isDownload: parseDownloadQuery(query.get('isDownload')) };
});

/** The certificate shown: the session's view, replaced by the full one once an extraction code was accepted. */
export const $certificate = createStore<Certificate | null>(null);
/** The extraction code the server accepted, kept for the downloads that follow. */
export const $acceptedCode = createStore<string | null>(null);
export const $loadFailed = certificateQuery.$failed;
export const $loading = certificateQuery.$pending;
export const $isOwner = $certificate.map((c) => c?.isSelf === 1);

sample({ clock: CertificateGate.open, fn: ({ baoquan }) => baoquan, target: certificateQuery.start });
$certificate.on(certificateQuery.finished.success, (_, { result }) => result).reset(CertificateGate.close);
$acceptedCode.reset(CertificateGate.close);

// The owner gets the QR code of the mobile certificate.
sample({
  clock: certificateQuery.finished.success,
  filter: ({ result }) => result.isSelf === 1,
  fn: ({ result }) => result.baoquan,
  target: viewTokenQuery.start,
});
export const $qrTarget = combine(viewTokenQuery.$data, $certificate, (token, certificate) =>
  token && certificate?.isSelf === 1
    ? `${globalThis.location?.origin ?? ''}${paths.mobileAttestation}/${encodeURIComponent(certificate.baoquan)}/${encodeURIComponent(token.viewToken)}`
    : null,
);

/** The file kind the page was opened for (fileType query), else what the certificate says. */
export const fileKindOf = (certificate: Certificate | null, queryWord: string | null, words: FileKindWords) =>
  fileKindFromQueryWord(queryWord, words) ?? certificate?.fileType ?? null;

const toast = (type: 'warning' | 'error' | 'success' | 'info', text: string) => ({ type, text });
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message || (error.network ? translate('errors:network') : '') : translate('errors:server');

// Owner: download (spec sections 4 and 8 for the three states).
export const ownerDownloadClicked = createEvent();

/** The owner's file link comes from the page's fileUrl (the record's stored path; only its owner may turn it into a link). */
const ownerDownloadFx = createEffect<{ fileUrl: string; title: string }, { url: string; title: string }, ApiError>(
  async ({ fileUrl, title }) => {
    const info = (await previewInfoFx(fileUrl)) as { url: string; title: string; isDownload: number };
    if (info.isDownload !== 1 || !info.url) throw new ApiError({ code: 400, message: translate('evidence:download.missing') });
    return { url: info.url, title: info.title || title };
  },
);

const ownerChecked = sample({
  clock: ownerDownloadClicked,
  source: { certificate: $certificate, query: $pageQuery },
  filter: ({ certificate }) => certificate?.isSelf === 1,
  fn: ({ certificate, query }) => ({
    state: downloadStateOf(certificate!.isDownload, query.isDownload),
    fileUrl: query.fileUrl,
    title: certificate!.title ?? certificate!.baoquan,
  }),
});
sample({
  clock: ownerChecked,
  filter: ({ state }) => state !== 'ready',
  fn: ({ state }) => toast('warning', translate(downloadStateMessageKey(state) ?? '')),
  target: showToastFx,
});
sample({
  clock: ownerChecked,
  filter: ({ state, fileUrl }) => state === 'ready' && !fileUrl,
  fn: () => toast('info', translate('attestation:download.fromList')),
  target: showToastFx,
});
sample({
  clock: ownerChecked,
  filter: ({ state, fileUrl }) => state === 'ready' && Boolean(fileUrl),
  fn: ({ fileUrl, title }) => ({ fileUrl: fileUrl!, title }),
  target: ownerDownloadFx,
});
sample({ clock: ownerDownloadFx.doneData, fn: ({ url }) => ({ url }), target: startDownloadFx });
sample({ clock: ownerDownloadFx.failData, fn: (error) => toast('error', messageOf(error)), target: showToastFx });

// Anyone else: extract with the owner's extraction code.
export const extractClicked = createEvent();
export const extractDialogClosed = createEvent();
export const codeChanged = createEvent<string>();
export const codeSubmitted = createEvent();

export const $extractOpen = createStore(false);
export const $code = createStore('');
/** A message reference (validation) or the server's text. */
export const $codeError = createStore<{ ref?: string; text?: string } | null>(null);

const sharedDownloadFx = attach({
  source: $baoquan,
  mapParams: (code: string, baoquan) => ({ baoquan, code }),
  effect: createEffect<{ baoquan: string; code: string }, { url: string }, ApiError>(async (params) =>
    parseSignedLink(await shareDownloadFx(params)),
  ),
});
const unlockFx = attach({
  source: $baoquan,
  mapParams: (code: string, baoquan) => ({ baoquan, code }),
  effect: createEffect<{ baoquan: string; code: string }, Certificate, ApiError>(async (params) =>
    parseCertificate(await shareViewFx(params)),
  ),
});

// With a code already accepted, "extract" downloads at once; otherwise the dialog asks for it.
sample({ clock: extractClicked, source: $acceptedCode, filter: (code) => code !== null, fn: (code) => code!, target: sharedDownloadFx });
sample({ clock: extractClicked, source: $acceptedCode, filter: (code) => code === null, fn: () => true, target: $extractOpen });
$extractOpen.on(extractDialogClosed, () => false).reset(CertificateGate.close);
$code.on(codeChanged, (_, value) => value).reset([CertificateGate.close, extractDialogClosed]);
$codeError.on(codeChanged, () => null).reset([CertificateGate.close, extractDialogClosed, codeSubmitted]);

const submittedCode = sample({
  clock: codeSubmitted,
  source: { code: $code, baoquan: $baoquan },
  fn: ({ code, baoquan }) => shareViewRequest.safeParse({ baoquan, code }),
});
sample({
  clock: submittedCode,
  filter: (result) => !result.success,
  fn: (result) => ({ ref: result.error?.issues[0]?.message ?? 'required|extractCode' }),
  target: $codeError,
});
sample({ clock: submittedCode, filter: (result) => result.success, fn: (result) => result.data!.code, target: unlockFx });

$certificate.on(unlockFx.doneData, (_, certificate) => certificate);
$acceptedCode.on(unlockFx.done, (_, { params }) => params);
$extractOpen.on(unlockFx.done, () => false);
sample({ clock: unlockFx.failData, fn: (error) => ({ text: messageOf(error) }), target: $codeError });
sample({ clock: unlockFx.done, fn: ({ params }) => params, target: sharedDownloadFx });
sample({ clock: sharedDownloadFx.doneData, target: startDownloadFx });
sample({ clock: sharedDownloadFx.failData, fn: (error) => toast('error', messageOf(error)), target: showToastFx });
export const $unlocking = unlockFx.pending;

// Certificate PDF (full for the owner or with the code, limited otherwise).
export const pdfClicked = createEvent();
const pdfFx = createEffect<{ baoquan: string; code?: string }, { url: string }, ApiError>(async (query) =>
  parseSignedLink(await certificatePdfFx(query)),
);
sample({
  clock: pdfClicked,
  source: { baoquan: $baoquan, code: $acceptedCode },
  fn: ({ baoquan, code }) => (code ? { baoquan, code } : { baoquan }),
  target: pdfFx,
});
sample({ clock: pdfFx.doneData, target: startDownloadFx });
export const $pdfPending = pdfFx.pending;

// Print: a hint first (background graphics, scale and margins), then the browser's print dialog.
export const printClicked = createEvent();
export const printHintClosed = createEvent();
export const printConfirmed = createEvent();
export const $printHintOpen = createStore(false)
  .on(printClicked, () => true)
  .on([printHintClosed, printConfirmed], () => false)
  .reset(CertificateGate.close);
export const printFx = createEffect(() => {
  // After the dialog has closed and the page has repainted without it.
  globalThis.setTimeout(() => globalThis.print?.(), 50);
});
sample({ clock: printConfirmed, target: printFx });
