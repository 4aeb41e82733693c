import { createEvent, sample } from 'effector';
import { translate } from '@/shared/i18n';
import { startDownloadFx } from '@/shared/lib/download';
import { showToastFx } from '@/shared/ui';
import { downloadStateMessageKey, downloadStateOf } from '@/entities/evidence';
import { downContractMutation } from '../api/download';

export type DownloadRequest = {
  id: number;
  /** The record's own state (0 missing, 1 uploaded, 2 uploading). */
  isDownload: 0 | 1 | 2;
  /** The page's isDownload query, where there is one (the certificate page). */
  queryIsDownload?: 0 | 1 | 2 | null;
};

/** The owner asks to download one record (a list row or the certificate page). */
export const downloadRequested = createEvent<DownloadRequest>();

const checked = sample({
  clock: downloadRequested,
  fn: ({ id, isDownload, queryIsDownload }) => ({ id, state: downloadStateOf(isDownload, queryIsDownload ?? null) }),
});

// Spec section 8: the "uploading" or "missing" message (evidence:download.*) instead of a download.
sample({
  clock: checked,
  filter: ({ state }) => state !== 'ready',
  fn: ({ state }) => ({ type: 'warning' as const, text: translate(downloadStateMessageKey(state) ?? '') }),
  target: showToastFx,
});
sample({ clock: checked, filter: ({ state }) => state === 'ready', fn: ({ id }) => [id], target: downContractMutation.start });

sample({
  clock: downContractMutation.finished.success,
  filter: ({ result }) => result.list.length > 0,
  fn: ({ result }) => ({ url: result.list[0]!.url }),
  target: startDownloadFx,
});

export const $downloadPending = downContractMutation.$pending;
