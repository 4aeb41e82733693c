import { allSettled, createStore, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '@contracts';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { deleteNewsFx, newsListingFx, readNewsFx } from '@/entities/notification';
import { userInfoRefreshRequested } from '@/entities/session';
import { readAllClicked, readAllNewsFx } from '@/features/read-all';
import {
  $count,
  $failed,
  $items,
  $page,
  $selected,
  deleteClicked,
  NotificationsGate,
  pageChanged,
  pageSelectionToggled,
  rowClicked,
  rowToggled,
} from './notifications';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

/** How often the header's user info (and so the bell count) was asked to refresh. */
const $refreshes = createStore(0).on(userInfoRefreshRequested, (n) => n + 1);

const item = (newsId: number, isRead: '0' | '1' = '0'): NewsItem => ({
  newsId,
  str: `消息 ${newsId}`,
  addTime: '2026-01-01 10:00:00',
  isRead,
  subject: null,
});

function setup(options: { pages?: Record<number, { count: number; list: NewsItem[] }>; confirm?: boolean; listFails?: boolean } = {}) {
  const pages = options.pages ?? { 1: { count: 2, list: [item(2), item(1, '1')] } };
  const listing = vi.fn((page: number) => {
    if (options.listFails) throw new Error('offline');
    return pages[page] ?? { count: 0, list: [] };
  });
  const read = vi.fn(() => ({ unread: 0 }));
  const readAll = vi.fn(() => ({ unread: 0 }));
  const del = vi.fn(() => ({ unread: 0 }));
  const confirm = vi.fn(() => options.confirm ?? true);
  const toast = vi.fn();
  const scope = fork({
    handlers: [
      [newsListingFx, listing],
      [readNewsFx, read],
      [readAllNewsFx, readAll],
      [deleteNewsFx, del],
      [showConfirmFx, confirm],
      [showToastFx, toast],
    ],
  });
  return { scope, listing, read, readAll, del, confirm, toast };
}

describe('notifications page model', () => {
  it('loads page 1 when opened and another page when asked', async () => {
    const { scope, listing } = setup({ pages: { 1: { count: 12, list: [item(12)] }, 2: { count: 12, list: [item(2), item(1)] } } });
    await allSettled(NotificationsGate.open, { scope, params: {} });
    expect(listing).toHaveBeenLastCalledWith(1);
    expect(scope.getState($count)).toBe(12);
    await allSettled(pageChanged, { scope, params: 2 });
    expect(listing).toHaveBeenLastCalledWith(2);
    expect(scope.getState($page)).toBe(2);
    expect(scope.getState($items).map((n) => n.newsId)).toEqual([2, 1]);
  });

  it('shows an empty list and the error state when the call fails', async () => {
    const { scope } = setup({ listFails: true });
    await allSettled(NotificationsGate.open, { scope, params: {} });
    expect(scope.getState($items)).toEqual([]);
    expect(scope.getState($failed)).toBe(true);
  });

  it('marks an unread row read on click (not a read one), then reloads and refreshes the header count', async () => {
    const { scope, read, listing } = setup();
    await allSettled(NotificationsGate.open, { scope, params: {} });
    await allSettled(rowClicked, { scope, params: item(1, '1') });
    expect(read).not.toHaveBeenCalled();
    await allSettled(rowClicked, { scope, params: item(2) });
    expect(read).toHaveBeenCalledWith('2');
    expect(listing).toHaveBeenCalledTimes(2);
    expect(scope.getState($refreshes)).toBe(1);
  });

  it('reloads the page and refreshes the header count once after read-all (features/read-all)', async () => {
    const { scope, readAll, listing } = setup();
    await allSettled(NotificationsGate.open, { scope, params: {} });
    await allSettled(readAllClicked, { scope });
    expect(readAll).toHaveBeenCalledTimes(1);
    expect(listing).toHaveBeenCalledTimes(2);
    expect(scope.getState($refreshes)).toBe(1);
  });

  it('deletes the selection after confirmation, and not without it', async () => {
    const declined = setup({ confirm: false });
    await allSettled(NotificationsGate.open, { scope: declined.scope, params: {} });
    await allSettled(rowToggled, { scope: declined.scope, params: 2 });
    await allSettled(deleteClicked, { scope: declined.scope });
    expect(declined.confirm).toHaveBeenCalledTimes(1);
    expect(declined.del).not.toHaveBeenCalled();

    const { scope, del, toast } = setup();
    await allSettled(NotificationsGate.open, { scope, params: {} });
    await allSettled(deleteClicked, { scope });
    expect(del).not.toHaveBeenCalled();
    await allSettled(pageSelectionToggled, { scope });
    expect(scope.getState($selected)).toEqual([2, 1]);
    await allSettled(rowToggled, { scope, params: 1 });
    expect(scope.getState($selected)).toEqual([2]);
    await allSettled(deleteClicked, { scope });
    expect(del).toHaveBeenCalledWith('2');
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: expect.any(String) });
    expect(scope.getState($refreshes)).toBe(1);
    expect(scope.getState($selected)).toEqual([]);
  });

  it('steps back a page when the last page was emptied', async () => {
    const { scope, listing } = setup({ pages: { 1: { count: 10, list: [item(1)] }, 2: { count: 10, list: [] } } });
    await allSettled(NotificationsGate.open, { scope, params: {} });
    await allSettled(pageChanged, { scope, params: 2 });
    expect(listing).toHaveBeenLastCalledWith(1);
    expect(scope.getState($page)).toBe(1);
  });
});
