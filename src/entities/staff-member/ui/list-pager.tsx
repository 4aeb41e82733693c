import { useUnit } from 'effector-react';
import type { EventCallable, Store } from 'effector';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/shared/ui/pager';

export type PagedStores = { $page: Store<number>; $pages: Store<number>; $count: Store<number>; pageChanged: EventCallable<number> };

/** The pager of a console list (10 a page): the total, then previous / page x of y / next. */
export function StaffListPager({ list, label }: { list: PagedStores; label: string }) {
  const { t } = useTranslation('staff-desks');
  const [page, pages, count, onPage] = useUnit([list.$page, list.$pages, list.$count, list.pageChanged]);
  if (count === 0) return null;
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      total={t('common.total', { count })}
      label={label}
      prev={t('common.prev')}
      next={t('common.next')}
      pageText={t('common.page', { page, pages })}
    />
  );
}
