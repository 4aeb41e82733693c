import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link, useParams } from 'react-router-dom';
import type { CaptureItem } from '@contracts';
import { paths } from '@/shared/routing';
import { CaptureStateTag, FactRow, listPathOf, recordHref } from '@/entities/capture';
import { formatDuration } from '@/shared/lib/time';
import { $item, $loading, $missing, QueueGate } from '../model/queue';
import './queue-page.css';

type Kind = 'process' | 'mobile';

/** Which step a capture is at: the last when done, none when failed; a phone recording past `recording` is uploaded. */
function stepIndex(state: CaptureItem['state'], kind: Kind, steps: readonly string[]): number {
  if (state === 'failed') return -1;
  if (state === 'done') return steps.length - 1;
  if (kind === 'mobile') return state === 'recording' ? 0 : 1;
  return Math.max(0, steps.indexOf(state));
}

/** The steps a capture goes through, and which one it is at. */
function Steps({ item, kind }: { item: CaptureItem; kind: Kind }) {
  const { t } = useTranslation('capture');
  // A phone's recording is sent while it is made (`recording`); an app upload arrives whole (`uploaded`).
  const steps = kind === 'process' ? (['recording', 'processing', 'done'] as const) : (['recording', 'uploaded', 'done'] as const);
  const at = stepIndex(item.state, kind, steps);
  return (
    <ol className="queue-steps" aria-label={t('queue.stepsLabel')}>
      {steps.map((step, i) => (
        <li
          key={step}
          className={`queue-steps__step${i < at || item.state === 'done' ? ' queue-steps__step--done' : ''}${i === at && item.state !== 'done' ? ' queue-steps__step--current' : ''}`}
          aria-current={i === at ? 'step' : undefined}
        >
          <span className="queue-steps__dot" aria-hidden="true">
            {i + 1}
          </span>
          {t(`queue.step.${step}`)}
        </li>
      ))}
    </ol>
  );
}

function QueuePage({ kind }: { kind: Kind }) {
  const { t } = useTranslation('capture');
  const params = useParams();
  useGate(QueueGate, { id: Number(params.id) });
  const [item, missing, loading] = useUnit([$item, $missing, $loading]);
  const type = kind === 'process' ? 2 : 4;
  const list = listPathOf(type);
  if (missing || (!item && !loading && !params.id)) {
    return (
      <div className="page queue-page">
        <div className="queue-card queue-card--state" role="alert">
          <p>{t('queue.missing')}</p>
          <Link className="queue-link" to={list}>
            {t('queue.toList')}
          </Link>
        </div>
      </div>
    );
  }
  if (!item) {
    return (
      <div className="page queue-page">
        <div className="queue-card queue-card--state" aria-busy="true">
          {t('queue.loading')}
        </div>
      </div>
    );
  }
  const record = recordHref(item);
  return (
    <div className="page queue-page">
      <h1 className="collection-page-title">{t(`queue.title.${kind}`)}</h1>
      <div className="queue-card">
        <Steps item={item} kind={kind} />
        <div className="queue-card__state" aria-live="polite">
          <CaptureStateTag item={item} />
          {item.state === 'processing' ? <span className="queue-card__hint">{t('queue.processingHint')}</span> : null}
          {item.state === 'recording' && kind === 'mobile' ? <span className="queue-card__hint">{t('queue.recordingHint')}</span> : null}
        </div>
        <dl className="record__facts queue-card__facts">
          <FactRow label={t('queue.captureTitle')}>{item.title}</FactRow>
          {item.url ? (
            <FactRow label={t('queue.url')}>
              <span className="record__mono">{item.url}</span>
            </FactRow>
          ) : null}
          <FactRow label={t('queue.duration')} testId="queue-duration">
            {item.duration === null ? '—' : formatDuration(item.duration)}
          </FactRow>
          <FactRow label={t('queue.createTime')}>{item.createTime}</FactRow>
          <FactRow label={t('queue.points')}>
            <span className="nowrap">{t('queue.pointsValue', { points: item.points })}</span>
          </FactRow>
          {item.baoquan ? (
            <FactRow label={t('record.baoquan')}>
              <span className="record__mono">{item.baoquan}</span>
            </FactRow>
          ) : null}
          {item.filehash ? (
            <FactRow label={t('record.filehash')}>
              <code className="record__mono">{item.filehash}</code>
            </FactRow>
          ) : null}
        </dl>
        <div className="queue-card__links">
          {record && kind === 'process' ? (
            <Link
              className="queue-button queue-button--primary"
              to={`${paths.processPreview}?baoquan=${encodeURIComponent(item.baoquan ?? '')}`}
            >
              {t('queue.preview')}
            </Link>
          ) : null}
          {record ? (
            <Link className="queue-button" to={record}>
              {t('queue.view')}
            </Link>
          ) : null}
          <Link className="queue-button" to={list}>
            {t('queue.toList')}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** /evidences-all/process/queue/{id}: a recorded session while it is encoded and preserved. */
export const ProcessQueuePage = () => <QueuePage kind="process" />;
/** /evidences-all/mobile/queue/{id}: an app upload and its preservation. */
export const MobileQueuePage = () => <QueuePage kind="mobile" />;
