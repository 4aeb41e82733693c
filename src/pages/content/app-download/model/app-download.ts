import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { paths } from '@/shared/routing';
import { appVersionQuery } from '../api/app-version';
import { downloadPageUrl, toRelease } from '../lib/release';

export const AppDownloadGate = createGate();
export const retryClicked = createEvent();

sample({ clock: AppDownloadGate.open, target: appVersionQuery.refresh });
sample({ clock: retryClicked, target: appVersionQuery.start });

export const $release = appVersionQuery.$data.map((answer) => (answer ? toRelease(answer) : null));
export const $loading = appVersionQuery.$pending;
export const $failed = appVersionQuery.$failed;
/** Absolute, so a phone scanning the code can open it. */
export const $pageUrl = createStore(downloadPageUrl(globalThis.location?.origin, paths.appDownload), { serialize: 'ignore' });
