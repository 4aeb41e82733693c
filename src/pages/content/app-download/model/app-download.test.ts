import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { appVersionFx } from '../api/app-version';
import { downloadPageUrl } from '../lib/release';
import { $failed, $loading, $release, AppDownloadGate, retryClicked } from './app-download';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const answer = {
  version: '1.2.0',
  releasedAt: '2025-03-01 09:30:00',
  notes: '- 新增录屏取证\n- 修复已知问题',
  androidUrl: 'https://example.com/evidence-1.2.0.apk',
  iosUrl: 'https://apps.apple.com/cn/app/id0',
};

describe('app download model', () => {
  it('shows the current release: version, date, notes and both links', async () => {
    const scope = fork({ handlers: [[appVersionFx, () => Promise.resolve(answer)]] });
    await allSettled(AppDownloadGate.open, { scope, params: {} });
    const release = scope.getState($release)!;
    expect(release.version).toBe('1.2.0');
    expect(release.releasedOn).toBe('2025-03-01');
    expect(release.notes).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          [{ type: 'paragraph', children: [{ type: 'text', value: '新增录屏取证' }] }],
          [{ type: 'paragraph', children: [{ type: 'text', value: '修复已知问题' }] }],
        ],
      },
    ]);
    expect(release.androidUrl).toBe(answer.androidUrl);
    expect(release.iosUrl).toBe(answer.iosUrl);
  });

  it('offers no link for a system without one, nor for an unsafe address', async () => {
    const scope = fork({ handlers: [[appVersionFx, () => Promise.resolve({ ...answer, androidUrl: '', iosUrl: 'javascript:alert(1)' })]] });
    await allSettled(AppDownloadGate.open, { scope, params: {} });
    expect(scope.getState($release)).toMatchObject({ androidUrl: null, iosUrl: null });
  });

  it('shows the failure, and the release after a retry', async () => {
    const call = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(answer);
    const scope = fork({ handlers: [[appVersionFx, call]] });
    await allSettled(AppDownloadGate.open, { scope, params: {} });
    expect(scope.getState($failed)).toBe(true);
    expect(scope.getState($release)).toBeNull();
    await allSettled(retryClicked, { scope });
    expect(call).toHaveBeenCalledTimes(2);
    expect(scope.getState($failed)).toBe(false);
    expect(scope.getState($loading)).toBe(false);
    expect(scope.getState($release)?.version).toBe('1.2.0');
  });

  it('makes the QR target absolute when the page has an origin', () => {
    expect(downloadPageUrl('https://cz.example', '/appDownload')).toBe('https://cz.example/appDownload');
    expect(downloadPageUrl(undefined, '/appDownload')).toBe('/appDownload');
  });
});
