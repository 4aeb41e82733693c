import { createEvent, createStore, sample } from 'effector';
import { translate } from '@/shared/i18n';
import { createCountdown } from '@/shared/lib/countdown';
import { startDownloadFx } from '@/shared/lib/download';
import { showToastFx } from '@/shared/ui';
import { downloadBatchMutation } from '../api/batch';

/** Spec section 9: the dialog shown once the download starts closes after 5 seconds. */
export const BATCH_DIALOG_SECONDS = 5;

/** The download button: the selected records, and how many the current filters found. */
export const batchDownloadClicked = createEvent<{ ids: number[]; total: number }>();
export const dialogClosed = createEvent();

export const countdown = createCountdown();
export const $dialogOpen = createStore(false);
export const $batchPending = downloadBatchMutation.$pending;

// Spec sections 5 and 8: "no files to download" when nothing was found, "select evidence" when nothing is selected.
sample({
  clock: batchDownloadClicked,
  filter: ({ total }) => total === 0,
  fn: () => ({ type: 'warning' as const, text: translate('evidence:pages.batch.noFiles') }),
  target: showToastFx,
});
sample({
  clock: batchDownloadClicked,
  filter: ({ ids, total }) => total > 0 && ids.length === 0,
  fn: () => ({ type: 'warning' as const, text: translate('validation:selectEvidence') }),
  target: showToastFx,
});
sample({
  clock: batchDownloadClicked,
  filter: ({ ids, total }) => total > 0 && ids.length > 0,
  fn: ({ ids }) => ids,
  target: downloadBatchMutation.start,
});

sample({ clock: downloadBatchMutation.finished.success, fn: ({ result }) => ({ url: result.url }), target: startDownloadFx });
$dialogOpen.on(downloadBatchMutation.finished.success, () => true);
sample({ clock: downloadBatchMutation.finished.success, fn: () => BATCH_DIALOG_SECONDS, target: countdown.started });

// The count reaching zero closes the dialog; closing it by hand stops the count.
sample({
  clock: countdown.$remaining.updates,
  source: $dialogOpen,
  filter: (open, left) => open && left === 0,
  fn: () => false,
  target: $dialogOpen,
});
$dialogOpen.on(dialogClosed, () => false);
sample({ clock: dialogClosed, target: countdown.stopped });
