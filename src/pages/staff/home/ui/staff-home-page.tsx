import { useGate, useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import type { StaffHome } from '@contracts';
import { useTranslation } from '@/shared/i18n';
import { ListBody } from '@/shared/ui/list-state';
import { byDesk, DESK_PATH, waitParts } from '../lib/wait';
import { $failed, $home, $pending, retryClicked, StaffHomeGate } from '../model/home';
import './staff-home-page.css';

type Queue = StaffHome['queues'][number];

function QueueItem({ queue }: { queue: Queue }) {
  const { t } = useTranslation('staff-desks');
  const wait = waitParts(queue.oldestWaitSeconds);
  const waiting = queue.count > 0;
  return (
    <li className={`staff-home__queue${waiting ? ' staff-home__queue--waiting' : ''}`} data-testid={`staff-home-${queue.queue}`}>
      <span className="staff-home__name">{t(`home.queues.${queue.queue}`)}</span>
      <span className="staff-home__count" data-testid="staff-home-count" data-count={queue.count}>
        {waiting ? t('home.count', { count: queue.count }) : t('home.nothing')}
      </span>
      {waiting ? (
        <span className="staff-home__oldest">{t('home.oldest', { at: queue.oldestAt, wait: t(`home.wait.${wait.key}`, wait) })}</span>
      ) : null}
    </li>
  );
}

/**
 * `/staff/home`, where every role lands: for each desk the role works, what waits there and how long the oldest
 * item has waited, each desk linking to its queue; one empty line when nothing waits anywhere.
 */
export function StaffHomePage() {
  const { t } = useTranslation('staff-desks');
  useGate(StaffHomeGate);
  const [home, pending, failed, onRetry] = useUnit([$home, $pending, $failed, retryClicked]);
  const queues = home?.queues ?? [];
  const nothing = queues.every((queue) => queue.count === 0);
  const view = failed ? 'error' : !home ? 'loading' : nothing ? 'empty' : 'rows';
  return (
    <div className="staff-page">
      <div className="staff-page__head">
        <h1 className="staff-page__title">{t('home.title')}</h1>
      </div>
      <p className="staff-page__intro">{t('home.intro')}</p>
      <section className="staff-home" aria-busy={pending} aria-label={t('home.caption')}>
        <ListBody
          view={view}
          texts={{ loading: t('common.loading'), failed: t('home.failed'), retry: t('common.retry'), empty: t('home.empty') }}
          onRetry={onRetry}
          emptyTestId="staff-home-empty"
        >
          {byDesk(queues).map(({ desk, queues: deskQueues }) => (
            <article key={desk} className="staff-panel staff-home__desk" data-testid={`staff-home-desk-${desk}`}>
              <h2 className="staff-panel__title">{t(`home.desks.${desk}`)}</h2>
              <ul className="staff-home__queues">
                {deskQueues.map((queue) => (
                  <QueueItem key={queue.queue} queue={queue} />
                ))}
              </ul>
              <Link className="staff-home__open" to={DESK_PATH[desk]}>
                {t('home.open', { desk: t(`home.desks.${desk}`) })}
              </Link>
            </article>
          ))}
        </ListBody>
      </section>
    </div>
  );
}
