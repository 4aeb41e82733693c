import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { queueHref } from '@/entities/capture';
import { $phase, $recordHref, $status, againClicked } from '../model/recorder';
import { RecorderErrorText } from './recorder-error';

/** After the stop: preserving, then the record's certificate (or why it failed); the page links the list. */
export function RecorderOutcome() {
  const { t } = useTranslation('capture');
  const [phase, status, record, onAgain] = useUnit([$phase, $status, $recordHref, againClicked]);
  const queue = status ? queueHref({ type: 4, id: status.id }) : null;
  const shown = phase === 'done' || phase === 'failed' ? phase : 'preserving';
  return (
    <section className="mobile-recorder__card mobile-recorder__outcome" aria-live="polite" data-testid="mobile-outcome" data-phase={shown}>
      <h2>{t(`mobileRecorder.phase.${shown}`)}</h2>
      {shown === 'preserving' ? <span className="capture-spinner-inline" aria-hidden="true" /> : null}
      <RecorderErrorText />
      <div className="mobile-recorder__links">
        {record ? (
          <Link className="mobile-recorder__button mobile-recorder__button--primary" to={record} data-testid="mobile-record-link">
            {t('mobileRecorder.toRecord')}
          </Link>
        ) : null}
        {!record && queue ? (
          <Link className="mobile-recorder__button" to={queue}>
            {t('queue.title.mobile')}
          </Link>
        ) : null}
        {shown !== 'preserving' ? (
          <button type="button" className="mobile-recorder__button" onClick={() => onAgain()}>
            {t('mobileRecorder.again')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
