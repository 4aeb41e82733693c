import { Checkbox } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import type { NewsItem } from '@contracts';
import { subjectHref } from '../lib/subject-href';
import './notification-row.css';

export type NotificationRowProps = {
  item: NewsItem;
  selected: boolean;
  onToggle: (newsId: number) => void;
  /** The message was opened (a click on it, or on the link to its subject): an unread one becomes read. */
  onOpen: (item: NewsItem) => void;
};

/**
 * One notification: a selection box, the text, read state and time. A message about an order, invoice,
 * verification, notary order or record is a link to that subject's page; any other is a button.
 */
export function NotificationRow({ item, selected, onToggle, onOpen }: NotificationRowProps) {
  const { t } = useTranslation('notifications');
  const unread = item.isRead === '0';
  const href = subjectHref(item.subject);
  const stateId = `news-state-${item.newsId}`;
  const content: ReactNode = (
    <>
      <span className={href ? 'news__text news__text--link' : 'news__text'}>{item.str}</span>
      <span className="news__meta">
        <span id={stateId} className={unread ? 'news__state news__state--unread' : 'news__state'}>
          {unread ? t('unread') : t('read')}
        </span>
        <time className="news__time">{item.addTime}</time>
      </span>
    </>
  );
  return (
    <li className={`news__row${unread ? ' news__row--unread' : ''}`} data-testid="news-row">
      <Checkbox
        className="news__check"
        checked={selected}
        onChange={() => onToggle(item.newsId)}
        aria-label={t('select', { time: item.addTime })}
      />
      {href ? (
        <Link className="news__body" to={href} onClick={() => onOpen(item)} aria-describedby={stateId}>
          {content}
        </Link>
      ) : (
        <button type="button" className="news__body" onClick={() => onOpen(item)} aria-describedby={stateId}>
          {content}
        </button>
      )}
    </li>
  );
}
