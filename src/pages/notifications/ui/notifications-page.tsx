import { Button, Checkbox, Spin } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { NEWS_PAGE_SIZE } from '@contracts';
import { NotificationRow } from '@/entities/notification';
import { ReadAllButton } from '@/features/read-all';
import {
  $allSelected,
  $busy,
  $count,
  $failed,
  $items,
  $loading,
  $page,
  $selected,
  deleteClicked,
  NotificationsGate,
  pageChanged,
  pageSelectionToggled,
  retryClicked,
  rowClicked,
  rowToggled,
} from '../model/notifications';
import { Pager } from '@/shared/ui/pager';
import './notifications-page.css';

function NewsList() {
  const [items, selected, onRow, onToggle] = useUnit([$items, $selected, rowClicked, rowToggled]);
  return (
    <ul className="news__list" data-testid="news-list">
      {items.map((item) => (
        <NotificationRow key={item.newsId} item={item} selected={selected.includes(item.newsId)} onToggle={onToggle} onOpen={onRow} />
      ))}
    </ul>
  );
}

/** /notifications: 10 per page; a click reads a message; read-all; delete by selection. */
export function NotificationsPage() {
  useGate(NotificationsGate);
  const { t } = useTranslation('notifications');
  const [items, count, page, loading, failed, busy, selected, allSelected] = useUnit([
    $items,
    $count,
    $page,
    $loading,
    $failed,
    $busy,
    $selected,
    $allSelected,
  ]);
  const [onPage, onDelete, onToggleAll, onRetry] = useUnit([pageChanged, deleteClicked, pageSelectionToggled, retryClicked]);

  let body;
  if (failed && items.length === 0) {
    body = (
      <div className="news__state-box" role="alert">
        <p>{t('failed')}</p>
        <Button onClick={onRetry}>{t('retry')}</Button>
      </div>
    );
  } else if (!loading && items.length === 0) {
    body = <p className="news__state-box">{t('empty')}</p>;
  } else {
    body = <NewsList />;
  }

  return (
    <div className="page news">
      <h1 className="news__title">{t('title')}</h1>
      <section className="news__card" aria-busy={loading}>
        <div className="news__toolbar">
          <Checkbox
            checked={allSelected}
            indeterminate={selected.length > 0 && !allSelected}
            disabled={items.length === 0}
            onChange={onToggleAll}
          >
            {t('selectPage')}
          </Checkbox>
          <div className="news__actions">
            <ReadAllButton busy={busy} />
            <Button type="danger" onClick={onDelete} disabled={selected.length === 0}>
              {selected.length > 0 ? t('deleteCount', { count: selected.length }) : t('deleteSelected')}
            </Button>
          </div>
        </div>
        <Spin spinning={loading} tip={t('loading')}>
          {body}
        </Spin>
        {count > NEWS_PAGE_SIZE ? (
          <div className="news__pagination">
            <Pager
              page={page}
              pages={Math.ceil(count / NEWS_PAGE_SIZE)}
              onPage={onPage}
              total={t('pager.total', { count })}
              label={t('pager.label')}
              prev={t('pager.prev')}
              next={t('pager.next')}
              numbers
              numberLabel={(n) => t('pager.number', { page: n })}
            />
          </div>
        ) : null}
      </section>
    </div>
  );
}
