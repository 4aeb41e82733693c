import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { noticeFx } from '../api/notice';
import { $notices, $noticesFailed, HomeGate, noticesRetried } from './home';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const notice = { id: 1, title: '平台上线公告', content: '正式上线。', addTime: '2025-01-01 09:00:00' };

describe('home page notices', () => {
  it('loads the notices when the page opens', async () => {
    const scope = fork({ handlers: [[noticeFx, () => Promise.resolve({ list: [notice] })]] });
    await allSettled(HomeGate.open, { scope, params: {} });
    expect(scope.getState($notices)).toEqual([notice]);
  });

  it('shows an empty list and the failure when the call fails, and recovers on retry', async () => {
    const call = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ list: [notice] });
    const scope = fork({ handlers: [[noticeFx, call]] });
    await allSettled(HomeGate.open, { scope, params: {} });
    expect(scope.getState($notices)).toEqual([]);
    expect(scope.getState($noticesFailed)).toBe(true);
    await allSettled(noticesRetried, { scope });
    expect(scope.getState($noticesFailed)).toBe(false);
    expect(scope.getState($notices)).toEqual([notice]);
  });
});
