import { attach, combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { NEWS_PAGE_SIZE, type NewsItem } from '@contracts';
import { translate } from '@/shared/i18n';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { deleteNewsMutation, newsListQuery, readNewsMutation } from '@/entities/notification';
import { userInfoRefreshRequested } from '@/entities/session';
import { allRead } from '@/features/read-all';

export const NotificationsGate = createGate();

export const pageChanged = createEvent<number>();
/** A row (or the link to its subject) was clicked: an unread one becomes read. */
export const rowClicked = createEvent<NewsItem>();
export const rowToggled = createEvent<number>();
export const pageSelectionToggled = createEvent();
export const deleteClicked = createEvent();
export const retryClicked = createEvent();

export const $page = createStore(1)
  .on(pageChanged, (_, page) => page)
  .reset(NotificationsGate.open);

// Spec section 8: a failed list call shows an empty list.
export const $items = newsListQuery.$data.map((data) => data?.list ?? []);
export const $count = newsListQuery.$data.map((data) => data?.count ?? 0);
export const $loading = newsListQuery.$pending;
export const $failed = newsListQuery.$error.map(Boolean);
export const $busy = combine(readNewsMutation.$pending, deleteNewsMutation.$pending, (a, b) => a || b);

/** Selected ids of the current page (selection does not survive a page change). */
export const $selected = createStore<number[]>([])
  .on(rowToggled, (ids, id) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))
  .reset([NotificationsGate.open, pageChanged, newsListQuery.finished.success]);
sample({
  clock: pageSelectionToggled,
  source: { items: $items, selected: $selected },
  fn: ({ items, selected }) => (selected.length === items.length ? [] : items.map((item) => item.newsId)),
  target: $selected,
});
export const $allSelected = combine($items, $selected, (items, selected) => items.length > 0 && selected.length === items.length);

sample({ clock: [NotificationsGate.open, pageChanged, retryClicked], source: $page, target: newsListQuery.start });

sample({
  clock: rowClicked,
  filter: (item) => item.isRead === '0',
  fn: (item) => String(item.newsId),
  target: readNewsMutation.start,
});

/** The page's own confirmation, so its answer is not mistaken for another page's. */
const confirmDeleteFx = attach({ effect: showConfirmFx });
sample({
  clock: deleteClicked,
  source: $selected,
  filter: (ids) => ids.length > 0,
  fn: (ids) => ({
    title: translate('notifications:delete.title'),
    content: translate('notifications:delete.content', { count: ids.length }),
    okText: translate('notifications:delete.ok'),
    cancelText: translate('notifications:delete.cancel'),
    danger: true,
  }),
  target: confirmDeleteFx,
});
sample({
  clock: confirmDeleteFx.doneData,
  source: $selected,
  filter: (ids, confirmed) => confirmed && ids.length > 0,
  fn: (ids) => ids.join(','),
  target: deleteNewsMutation.start,
});

sample({
  clock: deleteNewsMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('notifications:delete.done') }),
  target: showToastFx,
});

// After a change: reload the page (the last page may have emptied: step back) and the header's unread count
// (read-all refreshes the count itself).
const changed = sample({ clock: [readNewsMutation.finished.success, deleteNewsMutation.finished.success] });
sample({ clock: changed, target: userInfoRefreshRequested });
sample({ clock: [changed, allRead], source: $page, target: newsListQuery.start });
sample({
  clock: newsListQuery.finished.success,
  filter: ({ params, result }) => result.list.length === 0 && params > 1 && result.count > 0,
  fn: ({ result }) => Math.max(1, Math.ceil(result.count / NEWS_PAGE_SIZE)),
  target: pageChanged,
});
