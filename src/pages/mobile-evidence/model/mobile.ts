import { concurrency } from '@farfetched/core';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { interval } from 'patronum';
import { mobileDetailQuery, previewInfoQuery } from '@/entities/evidence';

/** How often the progress page asks whether a file is ready. */
export const PROGRESS_POLL_MS = 3000;

concurrency(mobileDetailQuery, { strategy: 'TAKE_LATEST' });
concurrency(previewInfoQuery, { strategy: 'TAKE_LATEST' });

// /mobile/attestation/{attestationId}/{token}
export const MobileCertificateGate = createGate<{ no: string; viewToken: string }>();
sample({ clock: MobileCertificateGate.open, target: mobileDetailQuery.start });
export const $detail = mobileDetailQuery.$data;
export const $detailFailed = mobileDetailQuery.$failed;
export const $detailError = mobileDetailQuery.$error.map((error) =>
  error && typeof error === 'object' && 'message' in error ? String(error.message) : '',
);

// /mobile/preview/{fileUrl}/{type}/{baoquan} and /mobile/previewProgress/{fileUrl}
export const PreviewGate = createGate<{ fileUrl: string; poll: boolean }>();
sample({ clock: PreviewGate.open, fn: ({ fileUrl }) => fileUrl, target: previewInfoQuery.start });
export const $preview = previewInfoQuery.$data;
export const $previewFailed = previewInfoQuery.$failed;
export const $previewError = previewInfoQuery.$error.map((error) =>
  error && typeof error === 'object' && 'message' in error ? String(error.message) : '',
);

// The progress page asks again every 3 seconds while the file is still uploading (isDownload 2).
const pollStart = sample({
  clock: previewInfoQuery.finished.success,
  source: PreviewGate.state,
  filter: (state, { result }) => Boolean(state?.poll) && result.isDownload === 2,
});
const pollStop = sample({
  clock: [previewInfoQuery.finished.success, PreviewGate.close],
  filter: (done) => !done || !('result' in done) || done.result.isDownload !== 2,
});
const poll = interval({ timeout: PROGRESS_POLL_MS, start: pollStart, stop: pollStop });
sample({
  clock: poll.tick,
  source: PreviewGate.state,
  filter: (state) => Boolean(state?.fileUrl),
  fn: (state) => state.fileUrl,
  target: previewInfoQuery.start,
});

// The image preview dialog (titled "preview image", 80% wide: spec section 9).
export const imagePreviewOpened = createEvent();
export const imagePreviewClosed = createEvent();
export const $imagePreviewOpen = createStore(false)
  .on(imagePreviewOpened, () => true)
  .reset([imagePreviewClosed, PreviewGate.close, MobileCertificateGate.close]);
