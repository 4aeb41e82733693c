import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link, useParams } from 'react-router-dom';
import { ListState } from '@/shared/ui/list-state';
import type { RecordScreen } from '@/shared/lib/record-screen';

/**
 * A desk's record page (`…/{id}`): the link back to the list, then the record once read (`children`), the
 * error with a retry, or the loading state.
 */
export function DeskDetailPage<Detail extends { id: number }>({
  model,
  back,
  children,
}: {
  model: RecordScreen<Detail>;
  back: string;
  children: (detail: Detail) => ReactNode;
}) {
  const { t } = useTranslation('staff-desks');
  const id = Number(useParams().id);
  useGate(model.Gate, { id: Number.isSafeInteger(id) && id > 0 ? id : 0 });
  const [detail, failed, onRetry] = useUnit([model.$detail, model.$failed, model.retryClicked]);
  let body: ReactNode = <ListState kind="loading" text={t('common.loading')} />;
  if (detail && detail.id === id) body = children(detail);
  else if (failed) {
    body = (
      <ListState kind="error" text={t('common.detailFailed')}>
        <Button onClick={() => onRetry()}>{t('common.retry')}</Button>
      </ListState>
    );
  }
  return (
    <div className="staff-page">
      <Link className="staff-back" to={back}>
        {t('common.back')}
      </Link>
      {body}
    </div>
  );
}

/** The record's title with its state tag. */
export function DeskDetailHead({ title, state }: { title: string; state: ReactNode }) {
  return (
    <div className="staff-page__head">
      <h1 className="staff-page__title">{title}</h1>
      {state}
    </div>
  );
}

/** A titled panel of a record page. */
export function DeskPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="staff-panel" aria-labelledby={id}>
      <h2 id={id} className="staff-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A record's fields as a list of names and values: `null` or `undefined` leaves a field out, an empty text
 * shows "none".
 */
export function DeskFacts({ facts, testId }: { facts: Array<[label: string, value: ReactNode]>; testId?: string }) {
  const { t } = useTranslation('staff-desks');
  return (
    <dl className="staff-facts" data-testid={testId}>
      {facts
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === '' ? t('common.none') : value}</dd>
          </div>
        ))}
    </dl>
  );
}
