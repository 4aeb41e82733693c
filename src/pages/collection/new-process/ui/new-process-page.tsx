import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { KeyboardEvent, MouseEvent, WheelEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { CAPTURE_LABEL_MAX, CAPTURE_TITLE_MAX } from '@contracts';
import { paths } from '@/shared/routing';
import { FormField, useField } from '@/shared/ui/form-field';
import { CaptureStateTag, queueHref, recordHref } from '@/entities/capture';
import { formatDuration } from '@/shared/lib/time';
import {
  $actions,
  $addressDraft,
  $canStop,
  $elapsedMs,
  $frame,
  $phase,
  $price,
  $result,
  $session,
  $starting,
  $stopping,
  $textDraft,
  addressDraftChanged,
  addressSubmitted,
  againClicked,
  backClicked,
  keyPressed,
  NewProcessGate,
  screenClicked,
  screenScrolled,
  startClicked,
  startForm,
  stopClicked,
  textDraftChanged,
  textSent,
} from '../model/new-process';
import './new-process-page.css';

function StartForm() {
  const { t } = useTranslation('capture');
  const url = useField(startForm, 'url');
  const title = useField(startForm, 'title');
  const label = useField(startForm, 'label');
  const [price, starting, onStart] = useUnit([$price, $starting, startClicked]);
  return (
    <div className="new-process__layout">
      <form
        className="new-process__card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onStart();
        }}
      >
        <FormField id="process-url" label={t('newProcess.url')} inputMode="url" maxLength={2048} {...url} />
        <FormField
          id="process-title"
          label={t('newProcess.captureTitle')}
          maxLength={CAPTURE_TITLE_MAX}
          placeholder={t('newProcess.titlePlaceholder')}
          {...title}
        />
        <FormField
          id="process-label"
          label={t('newProcess.label')}
          required={false}
          maxLength={CAPTURE_LABEL_MAX}
          placeholder={t('newProcess.labelPlaceholder')}
          {...label}
        />
        {price !== null ? (
          <p className="new-process__price" data-testid="capture-price">
            {t('newProcess.price', { price })}
          </p>
        ) : null}
        <div className="new-process__buttons">
          <Button htmlType="submit" theme="solid" type="primary" size="large" loading={starting}>
            {t('newProcess.start')}
          </Button>
          <Link className="new-process__link" to={paths.evidencesProcessList}>
            {t('newProcess.toList')}
          </Link>
        </div>
      </form>
      <aside className="new-process__card new-process__notes" aria-labelledby="new-process-notes">
        <h2 id="new-process-notes">{t('newProcess.notesTitle')}</h2>
        <ol>
          <li>{t('newProcess.note1')}</li>
          <li>{t('newProcess.note2')}</li>
          <li>{t('newProcess.note3')}</li>
          <li>{t('newProcess.note4')}</li>
        </ol>
      </aside>
    </div>
  );
}

/** Where on the shown image a pointer event happened, and how large the image is shown. */
const pointOf = (event: MouseEvent<HTMLElement> | WheelEvent<HTMLElement>) => {
  const rect = event.currentTarget.getBoundingClientRect();
  return { offsetX: event.clientX - rect.left, offsetY: event.clientY - rect.top, shownWidth: rect.width, shownHeight: rect.height };
};

function RemoteBrowser() {
  const { t } = useTranslation('capture');
  const [session, frame, elapsed, actions, address, text, canStop, stopping] = useUnit([
    $session,
    $frame,
    $elapsedMs,
    $actions,
    $addressDraft,
    $textDraft,
    $canStop,
    $stopping,
  ]);
  const [onClick, onScroll, onKey, onText, onSendText, onAddress, onGo, onBack, onStop] = useUnit([
    screenClicked,
    screenScrolled,
    keyPressed,
    textDraftChanged,
    textSent,
    addressDraftChanged,
    addressSubmitted,
    backClicked,
    stopClicked,
  ]);
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    onKey(event.key);
  };
  return (
    <section className="remote" aria-label={t('newProcess.remoteLabel')}>
      <div className="remote__bar">
        <span className="remote__rec" aria-live="off">
          <span className="remote__dot" aria-hidden="true" />
          {t('newProcess.recording')}
        </span>
        <span className="remote__time" data-testid="process-elapsed" aria-label={t('newProcess.elapsed')}>
          {formatDuration(Math.floor(elapsed / 1000))}
        </span>
        <span className="remote__count" data-testid="process-actions">
          {t('newProcess.actions', { count: actions })}
        </span>
        <Button theme="solid" type="danger" disabled={!canStop} loading={stopping} onClick={onStop}>
          {t('newProcess.stop')}
        </Button>
      </div>
      <form
        className="remote__address"
        onSubmit={(event) => {
          event.preventDefault();
          onGo();
        }}
      >
        <button type="button" className="remote__nav" onClick={onBack} aria-label={t('newProcess.back')}>
          ←
        </button>
        <label className="visually-hidden" htmlFor="remote-address">
          {t('newProcess.address')}
        </label>
        <input
          id="remote-address"
          className="remote__input"
          value={address}
          inputMode="url"
          onChange={(event) => onAddress(event.target.value)}
        />
        <button type="submit" className="remote__go">
          {t('newProcess.go')}
        </button>
      </form>
      {/* The remote browser's screen: role="application" hands every key and click to the remote page, so it must
          take focus and listen to both (WAI-ARIA application role); the rules do not count that role as interactive. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- role="application" forwards clicks and keys to the remote page */}
      <div
        className="remote__screen"
        role="application"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- an application region must be focusable to receive keys
        tabIndex={0}
        aria-label={t('newProcess.screenLabel')}
        data-testid="remote-screen"
        style={{ aspectRatio: session ? `${session.width} / ${session.height}` : undefined }}
        onClick={(event) => {
          event.currentTarget.focus();
          onClick(pointOf(event));
        }}
        onWheel={(event) => onScroll({ ...pointOf(event), deltaY: event.deltaY })}
        onKeyDown={keyDown}
      >
        {frame ? (
          <img src={frame} alt={t('newProcess.screenAlt')} draggable={false} />
        ) : (
          <span className="remote__waiting">{t('newProcess.waiting')}</span>
        )}
      </div>
      <form
        className="remote__type"
        onSubmit={(event) => {
          event.preventDefault();
          onSendText();
        }}
      >
        <label htmlFor="remote-text">{t('newProcess.typeLabel')}</label>
        <input id="remote-text" className="remote__input" value={text} maxLength={500} onChange={(event) => onText(event.target.value)} />
        <button type="submit" className="remote__go">
          {t('newProcess.typeSend')}
        </button>
      </form>
      <p className="remote__hint">{t('newProcess.hint', { minutes: session ? Math.round(session.maxSeconds / 60) : 0 })}</p>
    </section>
  );
}

function Progress({ phase }: { phase: 'processing' | 'done' | 'failed' }) {
  const { t } = useTranslation('capture');
  const [result, onAgain] = useUnit([$result, againClicked]);
  const record = result ? recordHref(result) : null;
  const queue = result ? queueHref(result) : null;
  return (
    <section className="new-process__card new-process__progress" aria-live="polite" data-testid="process-progress">
      <h2>{t(`newProcess.phase.${phase}`)}</h2>
      {result ? <CaptureStateTag item={result} /> : null}
      {phase === 'processing' ? <span className="capture-spinner-inline" aria-hidden="true" /> : null}
      {result?.duration !== null && result?.duration !== undefined ? (
        <p data-testid="process-duration">{t('newProcess.duration', { duration: formatDuration(result.duration) })}</p>
      ) : null}
      <div className="new-process__buttons">
        {record ? (
          <Link className="new-process__button new-process__button--primary" to={record}>
            {t('newProcess.view')}
          </Link>
        ) : null}
        {queue && phase === 'processing' ? (
          <Link className="new-process__button" to={queue}>
            {t('newProcess.queue')}
          </Link>
        ) : null}
        <button type="button" className="new-process__button" onClick={onAgain}>
          {t('newProcess.again')}
        </button>
      </div>
    </section>
  );
}

/** /newProcess: a recorded session in a remote browser: start, drive it from here, stop; then its processing. */
export function NewProcessPage() {
  useGate(NewProcessGate);
  const { t } = useTranslation('capture');
  const phase = useUnit($phase);
  return (
    <div className="page new-process">
      <h1 className="collection-page-title">{t('newProcess.title')}</h1>
      <p className="new-process__intro">{t('newProcess.intro')}</p>
      {phase === 'form' ? <StartForm /> : null}
      {phase === 'recording' ? <RemoteBrowser /> : null}
      {phase === 'processing' || phase === 'done' || phase === 'failed' ? <Progress phase={phase} /> : null}
    </div>
  );
}
