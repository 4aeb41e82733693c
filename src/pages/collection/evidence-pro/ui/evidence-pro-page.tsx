import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { CaptureDetail, CapturePart, ProcessAction, ProcessFacts } from '@contracts';
import { paths } from '@/shared/routing';
import { ListState } from '@/shared/ui/list-state';
import { chinaTimeText, FactRow, PreservationFacts, RecordState, UnlockForm } from '@/entities/capture';
import { formatDuration } from '@/shared/lib/time';
import { proRecord } from '../model/evidence-pro';
import { RecordingFacts } from './recording-facts';
import './evidence-pro-page.css';

/** Milliseconds into the recording as M:SS.s, the way a player shows a position. */
const atText = (ms: number) => `${formatDuration(Math.floor(ms / 1000))}.${Math.floor((ms % 1000) / 100)}`;

function ActionText({ action }: { action: ProcessAction }) {
  const { t } = useTranslation('capture');
  switch (action.type) {
    case 'click':
      return <>{t('pro.action.click', { x: Math.round(action.x ?? 0), y: Math.round(action.y ?? 0) })}</>;
    case 'scroll':
      return <>{t('pro.action.scroll', { delta: Math.round(action.deltaY ?? 0) })}</>;
    case 'text':
      return <>{t('pro.action.text', { text: action.text ?? '' })}</>;
    case 'key':
      return <>{t('pro.action.key', { key: action.key ?? '' })}</>;
    case 'navigate':
      return <>{t('pro.action.navigate', { url: action.url ?? '' })}</>;
    case 'back':
      return <>{t('pro.action.back')}</>;
  }
}

function Recording({ facts, video, duration }: { facts: ProcessFacts; video: CapturePart | undefined; duration: number | null }) {
  const { t } = useTranslation('capture');
  return (
    <>
      <section className="record__section" aria-labelledby="pro-video">
        <h2 id="pro-video" className="record__section-title">
          {t('pro.video')}
        </h2>
        {video ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- the screen recording of the user's own capture: no captions exist for it
          <video className="pro-record__video" src={video.url} controls preload="metadata" data-testid="pro-video" />
        ) : null}
        <dl className="record__facts">
          <FactRow label={t('pro.duration')} testId="pro-duration">
            {duration === null ? '—' : formatDuration(duration)}
          </FactRow>
          <FactRow label={t('pro.startUrl')}>
            <span className="record__mono">{facts.startUrl}</span>
          </FactRow>
          <FactRow label={t('pro.startedAt')}>{chinaTimeText(facts.startedAt)}</FactRow>
          <FactRow label={t('pro.endedAt')}>{chinaTimeText(facts.endedAt)}</FactRow>
          <FactRow label={t('pro.browser')}>
            {t('pro.browserValue', { browser: facts.browser, width: facts.viewport.width, height: facts.viewport.height })}
          </FactRow>
        </dl>
      </section>
      <section className="record__section" aria-labelledby="pro-actions">
        <h2 id="pro-actions" className="record__section-title">
          {t('pro.actions', { count: facts.actions.length })}
        </h2>
        {facts.actions.length === 0 ? (
          <p className="pro-record__empty">{t('pro.noActions')}</p>
        ) : (
          <ol className="pro-record__log" data-testid="pro-actions">
            {facts.actions.map((action, i) => (
              <li key={`${i}-${action.t}`}>
                <span className="pro-record__at">{atText(action.t)}</span>
                <span className="pro-record__what">
                  <ActionText action={action} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

const RECORDED_AS = { photo: 'image', video: 'video', audio: 'audio' } as const;

function AppEvidence({ detail, media }: { detail: CaptureDetail; media: CapturePart | undefined }) {
  const { t } = useTranslation('capture');
  // A recording made in the browser states its own facts (RecordingFacts), and its kind decides the player: a
  // sound recording in WebM reads as video by its container.
  const f = detail.recording ? null : detail.forensics;
  const fileType = detail.recording ? RECORDED_AS[detail.recording.kind] : detail.fileType;
  return (
    <section className="record__section" aria-labelledby="pro-app">
      <h2 id="pro-app" className="record__section-title">
        {t('pro.app')}
      </h2>
      {media && fileType === 'video' ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the user's own recorded evidence: no captions exist for it
        <video className="pro-record__video" src={media.url} controls preload="metadata" data-testid="pro-media" />
      ) : null}
      {media && fileType === 'image' ? (
        <img className="pro-record__image" src={media.url} alt={detail.title ?? ''} data-testid="pro-media" />
      ) : null}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the user's own recorded evidence: no captions exist for it */}
      {media && fileType === 'audio' ? <audio src={media.url} controls preload="metadata" data-testid="pro-media" /> : null}
      {f ? (
        <dl className="record__facts" data-testid="pro-forensics">
          <FactRow label={t('pro.forensics.appAddress')}>{f.appAddress}</FactRow>
          <FactRow label={t('pro.forensics.appType')}>{f.appType}</FactRow>
          <FactRow label={t('pro.forensics.duration')}>{formatDuration(f.duration)}</FactRow>
          <FactRow label={t('pro.forensics.configName')}>{f.configName}</FactRow>
          <FactRow label={t('pro.forensics.configModelName')}>{f.configModelName}</FactRow>
          <FactRow label={t('pro.forensics.configVersion')}>{f.configVersion}</FactRow>
          <FactRow label={t('pro.forensics.configProcessor')}>{f.configProcessor}</FactRow>
          <FactRow label={t('pro.forensics.configCore')}>{f.configCore}</FactRow>
        </dl>
      ) : null}
    </section>
  );
}

function ProRecord({ baoquan }: { baoquan: string }) {
  const { t } = useTranslation('capture');
  useGate(proRecord.Gate, { baoquan });
  const [detail, parts] = useUnit([proRecord.$detail, proRecord.$parts]);
  if (!detail) {
    return (
      <div className="page record">
        <RecordState model={proRecord} />
      </div>
    );
  }
  const bundle = parts.find((p) => p.role === 'bundle');
  return (
    <div className="page record">
      <div className="record__head">
        <div>
          <h1 className="record__title">{detail.title ?? t('pro.pageHeading')}</h1>
          <span className="record__kind">{t(detail.type === 4 ? 'nav.type.4' : 'nav.type.2')}</span>
        </div>
        {bundle ? (
          <a className="record__button record__button--primary" href={bundle.url} download>
            {t('record.downloadBundle')}
          </a>
        ) : null}
      </div>
      {detail.view === 'limited' ? <UnlockForm model={proRecord} /> : null}
      {detail.process ? (
        <Recording facts={detail.process} video={parts.find((p) => p.role === 'video')} duration={detail.duration} />
      ) : null}
      {detail.type === 4 && detail.view !== 'limited' ? (
        <AppEvidence detail={detail} media={parts.find((p) => p.role === 'media')} />
      ) : null}
      {detail.recording && detail.view !== 'limited' ? <RecordingFacts facts={detail.recording} duration={detail.duration} /> : null}
      <PreservationFacts detail={detail} />
    </div>
  );
}

/** /evidencesPro/{baoquan}: the video and action log of a recorded session (or an app upload), with its hashes. */
export function EvidenceProPage() {
  const { baoquan = '' } = useParams();
  return <ProRecord baoquan={baoquan} />;
}

/** /evidences-all/process/preview?baoquan=: the same view inside the signed-in area. */
export function ProcessPreviewPage() {
  const { t } = useTranslation('capture');
  const [search] = useSearchParams();
  const baoquan = search.get('baoquan')?.trim() ?? '';
  // Without a record to show there is nothing to load: say so instead of waiting for ever.
  if (!baoquan) {
    return (
      <div className="page record">
        <ListState kind="empty" text={t('pro.noRecord')} testId="preview-empty">
          <Link to={paths.evidencesProcessList}>{t('pro.toList')}</Link>
        </ListState>
      </div>
    );
  }
  return <ProRecord baoquan={baoquan} />;
}
