import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersonalDataExport } from '@contracts';
import { showToastFx } from '@/shared/ui';
import { startDownloadFx } from '@/shared/lib/download';
import { personalDataLinkFx, personalDataStatusFx, startPersonalDataFx } from '../api/personal-data';
import {
  $inProgress,
  $personalDataExport,
  PERSONAL_DATA_POLL_MS,
  PersonalDataGate,
  personalDataDownloadClicked,
  personalDataStartClicked,
} from './personal-data';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

const base: PersonalDataExport = {
  id: 7,
  state: 'queued',
  progress: 0,
  createdAt: '2026-01-01 10:00:00',
  readyAt: '',
  expiresAt: '',
  size: null,
};
const running = { ...base, state: 'running' as const, progress: 45 };
const ready = {
  ...base,
  state: 'ready' as const,
  progress: 100,
  readyAt: '2026-01-01 10:00:05',
  expiresAt: '2026-01-02 10:00:05',
  size: 2048,
};

function setup(answers: (PersonalDataExport | null)[]) {
  const toast = vi.fn();
  const status = vi.fn(() => ({ export: answers.length > 0 ? answers.shift()! : ready }));
  const start = vi.fn(() => ({ export: base }));
  const scope = fork({
    handlers: [
      [showToastFx, toast],
      [personalDataStatusFx, status],
      [startPersonalDataFx, start],
    ],
  });
  return { scope, toast, status, start };
}

describe('a copy of my personal data on /setting', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the copy, polls its progress until it is ready, then stops asking', async () => {
    const { scope, toast, status, start } = setup([null, running, ready]);
    await allSettled(PersonalDataGate.open, { scope, params: {} });
    expect(status).toHaveBeenCalledTimes(1);
    expect(scope.getState($personalDataExport)).toBeNull();
    // Nothing in progress yet: the start is offered; the answer is queued, and the polling begins.
    const settled = allSettled(personalDataStartClicked, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'personal-data:page.started' });
    expect(scope.getState($inProgress)).toBe(true);

    await vi.advanceTimersByTimeAsync(PERSONAL_DATA_POLL_MS);
    expect(status).toHaveBeenCalledTimes(2);
    expect(scope.getState($personalDataExport)).toMatchObject({ state: 'running', progress: 45 });
    await vi.advanceTimersByTimeAsync(PERSONAL_DATA_POLL_MS);
    expect(status).toHaveBeenCalledTimes(3);
    expect(scope.getState($personalDataExport)?.state).toBe('ready');
    expect(scope.getState($inProgress)).toBe(false);

    await vi.advanceTimersByTimeAsync(PERSONAL_DATA_POLL_MS * 3);
    expect(status).toHaveBeenCalledTimes(3);
    await settled;
  });

  it('says so when the start is refused', async () => {
    const toast = vi.fn();
    const refused = fork({
      values: [],
      handlers: [
        [showToastFx, toast],
        [personalDataStatusFx, () => ({ export: null })],
        [
          startPersonalDataFx,
          () => {
            throw new Error('offline');
          },
        ],
      ],
    });
    await allSettled(personalDataStartClicked, { scope: refused });
    expect(toast).toHaveBeenCalledWith({ type: 'error', text: 'personal-data:page.startFailed' });
    expect(refused.getState($personalDataExport)).toBeNull();
  });

  it('downloads through a one-time link asked for with the session at the click, and says so when none is given', async () => {
    const toast = vi.fn();
    const download = vi.fn();
    const link = vi.fn(() => ({ url: '/api/personalData/download?e=7&u=1&n=abc&exp=1&sig=x', expiresAt: 1 }));
    const scope = fork({
      handlers: [
        [showToastFx, toast],
        [personalDataStatusFx, () => ({ export: ready })],
        [personalDataLinkFx, link],
        [startDownloadFx, download],
      ],
    });
    await allSettled(personalDataDownloadClicked, { scope });
    expect(link).toHaveBeenCalledTimes(1);
    expect(download).toHaveBeenCalledWith({ url: '/api/personalData/download?e=7&u=1&n=abc&exp=1&sig=x' });
    // A second click asks for a new link: the one before was spent.
    await allSettled(personalDataDownloadClicked, { scope });
    expect(link).toHaveBeenCalledTimes(2);

    const refusedDownload = vi.fn();
    const refused = fork({
      handlers: [
        [showToastFx, toast],
        [personalDataStatusFx, () => ({ export: null })],
        [
          personalDataLinkFx,
          () => {
            throw new Error('gone');
          },
        ],
        [startDownloadFx, refusedDownload],
      ],
    });
    await allSettled(personalDataDownloadClicked, { scope: refused });
    expect(refusedDownload).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith({ type: 'error', text: 'personal-data:page.downloadFailed' });
  });
});
