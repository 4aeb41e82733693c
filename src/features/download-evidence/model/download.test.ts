import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { startDownloadFx } from '@/shared/lib/download';
import { showToastFx } from '@/shared/ui';
import { downContractFx } from '../api/download';
import { downloadRequested } from './download';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

function setup() {
  const toast = vi.fn();
  const start = vi.fn();
  const downContract = vi.fn((ids: number[]) => ({
    list: ids.map((id) => ({ id, baoquan: `BQ${id}`, title: 't', url: `/files/${id}?sig=x` })),
  }));
  const scope = fork({
    handlers: [
      [showToastFx, toast],
      [startDownloadFx, start],
      [downContractFx, downContract],
    ],
  });
  return { scope, toast, start, downContract };
}

describe('download one record (spec sections 4 and 8)', () => {
  it('downloads an uploaded record through its signed link', async () => {
    const { scope, toast, start, downContract } = setup();
    await allSettled(downloadRequested, { scope, params: { id: 7, isDownload: 1 } });
    expect(downContract).toHaveBeenCalledWith([7]);
    expect(start).toHaveBeenCalledWith({ url: '/files/7?sig=x' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('says uploading for isDownload 0 with query 2, and missing with query 0', async () => {
    const { scope, toast, downContract } = setup();
    await allSettled(downloadRequested, { scope, params: { id: 7, isDownload: 0, queryIsDownload: 2 } });
    expect(toast).toHaveBeenLastCalledWith({ type: 'warning', text: 'evidence:download.uploading' });
    await allSettled(downloadRequested, { scope, params: { id: 7, isDownload: 0, queryIsDownload: 0 } });
    expect(toast).toHaveBeenLastCalledWith({ type: 'warning', text: 'evidence:download.missing' });
    expect(downContract).not.toHaveBeenCalled();
  });
});
