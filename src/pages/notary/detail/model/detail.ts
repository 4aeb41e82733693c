import { concurrency, createMutation } from '@farfetched/core';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { NOTARY_PAY_METHOD, type NotaryDetail, type NotaryDocumentType } from '@contracts';
import { notaryProductionHost } from '@/shared/config';
import { createNotaryDetailQuery, notaryDownloadContract, notaryDownloadFx, openDocumentFx } from '@/entities/notary-order';

/** `/notary/detail?orderId&type`: order info, the office's four documents, the records 10 a page (spec section 2). */
export const DetailGate = createGate<{ orderId: number }>();

export const detailQuery = createNotaryDetailQuery();
concurrency(detailQuery, { strategy: 'TAKE_LATEST' });
const downloadMutation = createMutation({ effect: notaryDownloadFx, contract: notaryDownloadContract });

export const pageChanged = createEvent<number>();
export const retryClicked = createEvent();
export const downloadClicked = createEvent<NotaryDocumentType>();

const $orderId = DetailGate.state.map((props) => props.orderId ?? 0);
export const $page = createStore(1)
  .on(pageChanged, (_, page) => page)
  .reset(DetailGate.close);

sample({
  clock: [DetailGate.open, pageChanged, retryClicked],
  source: { orderId: $orderId, page: $page },
  filter: ({ orderId }) => orderId > 0,
  target: detailQuery.start,
});

// Spec section 8: a failed call shows nothing of the order (the catalogue shows the message).
const $detail = createStore<NotaryDetail | null>(null)
  .on(detailQuery.finished.success, (_, { result }) => result)
  .on(detailQuery.finished.failure, () => null)
  .reset(DetailGate.close);
export const $info = $detail.map((detail) => detail?.info ?? null);
export const $rows = $detail.map((detail) => detail?.list ?? []);
export const $count = $detail.map((detail) => detail?.count ?? 0);
export const $pending = detailQuery.$pending;
export const $failed = detailQuery.$failed;
export const $downloading = downloadMutation.$pending;

sample({
  clock: downloadClicked,
  source: $orderId,
  filter: (orderId) => orderId > 0,
  fn: (orderId, type) => ({ orderId, type }),
  target: downloadMutation.start,
});
// A link opens in a hidden frame (https on the production domain); the "being generated" text is shown by the
// request layer as an info message, a refusal's message by the error catalogue (spec sections 7 and 8).
sample({
  clock: downloadMutation.finished.success,
  filter: ({ result }) => typeof result !== 'string',
  fn: ({ result }) => ({ url: typeof result === 'string' ? '' : result.downUrl, productionHost: notaryProductionHost }),
  target: openDocumentFx,
});

// The bank transfer's screenshot opens large in the image preview dialog (spec sections 2 and 9).
export const transferPreviewOpened = createEvent();
export const transferPreviewClosed = createEvent();
export const $transferPreviewOpen = createStore(false)
  .on(transferPreviewOpened, () => true)
  .reset([transferPreviewClosed, DetailGate.close]);
/** The screenshot link of an order paid by bank transfer, else empty. */
export const $transferImage = $info.map((info) => (info && info.payMethod === NOTARY_PAY_METHOD.transfer ? info.tranImg : ''));
