import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { interval } from 'patronum';
import type { PersonalDataExport } from '@contracts';
import { translate } from '@/shared/i18n';
import { startDownloadFx } from '@/shared/lib/download';
import { showToastFx } from '@/shared/ui';
import { personalDataLinkMutation, personalDataStatusQuery, startPersonalDataMutation } from '../api/personal-data';

/** How often the page asks for the progress while the copy is being made. */
export const PERSONAL_DATA_POLL_MS = 2000;

export const PersonalDataGate = createGate();

/** The latest export as the server last described it (null: none yet, or not asked yet). */
export const $personalDataExport = createStore<PersonalDataExport | null>(null)
  .on(personalDataStatusQuery.finished.success, (_, { result }) => result.export)
  .on(startPersonalDataMutation.finished.success, (_, { result }) => result.export)
  .reset(PersonalDataGate.close);

export const $inProgress = $personalDataExport.map((e) => e?.state === 'queued' || e?.state === 'running');
export const $starting = startPersonalDataMutation.$pending;

export const personalDataStartClicked = createEvent();
/** The copy downloads in the owner's session only: a one-time link is asked for with it, then followed at once. */
export const personalDataDownloadClicked = createEvent();
export const $downloading = personalDataLinkMutation.$pending;

sample({ clock: personalDataDownloadClicked, filter: $downloading.map((s) => !s), target: personalDataLinkMutation.start });
sample({ clock: personalDataLinkMutation.finished.success, fn: ({ result }) => ({ url: result.url }), target: startDownloadFx });
sample({
  clock: personalDataLinkMutation.finished.failure,
  fn: () => ({ type: 'error' as const, text: translate('personal-data:page.downloadFailed') }),
  target: showToastFx,
});
// A copy that is gone (expired meanwhile) shows as such.
sample({ clock: personalDataLinkMutation.finished.failure, filter: PersonalDataGate.status, target: personalDataStatusQuery.start });

sample({ clock: PersonalDataGate.open, target: personalDataStatusQuery.start });
sample({ clock: personalDataStartClicked, filter: $starting.map((s) => !s), target: startPersonalDataMutation.start });
sample({
  clock: startPersonalDataMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('personal-data:page.started') }),
  target: showToastFx,
});
sample({
  clock: startPersonalDataMutation.finished.failure,
  fn: () => ({ type: 'error' as const, text: translate('personal-data:page.startFailed') }),
  target: showToastFx,
});

// While the copy is being made the page asks every two seconds; it stops when it is ready, failed, or the page closes.
const pollStart = sample({ clock: $inProgress.updates, filter: (busy) => busy });
const pollStop = sample({ clock: [$inProgress.updates.filter({ fn: (busy) => !busy }), PersonalDataGate.close] });
const poll = interval({ timeout: PERSONAL_DATA_POLL_MS, start: pollStart, stop: pollStop });
sample({ clock: poll.tick, filter: PersonalDataGate.status, target: personalDataStatusQuery.start });
