import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDownloadFx } from '@/shared/lib/download';
import { showToastFx } from '@/shared/ui';
import { downloadBatchFx } from '../api/batch';
import { $dialogOpen, batchDownloadClicked, countdown, dialogClosed } from './batch';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

function setup() {
  const toast = vi.fn();
  const start = vi.fn();
  const batch = vi.fn(() => ({ url: '/files/batch.zip?sig=x', expiresAt: 1 }));
  const scope = fork({
    handlers: [
      [showToastFx, toast],
      [startDownloadFx, start],
      [downloadBatchFx, batch],
    ],
  });
  return { scope, toast, start, batch };
}

describe('batch download (spec sections 2, 5, 8, 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says 无下载文件 when nothing was found and 请选择需要下载的证据 when nothing is selected', async () => {
    const { scope, toast, batch } = setup();
    await allSettled(batchDownloadClicked, { scope, params: { ids: [], total: 0 } });
    expect(toast).toHaveBeenLastCalledWith({ type: 'warning', text: 'evidence:pages.batch.noFiles' });
    await allSettled(batchDownloadClicked, { scope, params: { ids: [], total: 3 } });
    expect(toast).toHaveBeenLastCalledWith({ type: 'warning', text: 'validation:selectEvidence' });
    expect(batch).not.toHaveBeenCalled();
  });

  it('starts one package download, then the dialog counts down 5 seconds and closes', async () => {
    const { scope, start, batch } = setup();
    const settled = allSettled(batchDownloadClicked, { scope, params: { ids: [1, 2], total: 2 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(batch).toHaveBeenCalledWith([1, 2]);
    expect(start).toHaveBeenCalledWith({ url: '/files/batch.zip?sig=x' });
    expect(scope.getState($dialogOpen)).toBe(true);
    expect(scope.getState(countdown.$remaining)).toBe(5);

    await vi.advanceTimersByTimeAsync(4000);
    expect(scope.getState(countdown.$remaining)).toBe(1);
    expect(scope.getState($dialogOpen)).toBe(true);

    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(scope.getState(countdown.$remaining)).toBe(0);
    expect(scope.getState($dialogOpen)).toBe(false);
  });

  it('closing the dialog by hand stops the count', async () => {
    const { scope } = setup();
    void allSettled(batchDownloadClicked, { scope, params: { ids: [1], total: 1 } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(scope.getState(countdown.$remaining)).toBe(4);
    await allSettled(dialogClosed, { scope });
    expect(scope.getState($dialogOpen)).toBe(false);
    expect(scope.getState(countdown.$remaining)).toBe(0);
  });
});
