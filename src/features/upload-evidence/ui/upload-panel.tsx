import { Button, Input } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { translateMessage } from '@/shared/i18n';
import { formatBytes } from '@/entities/evidence';
import {
  $allLabel,
  $busy,
  $hasFinished,
  $hasReady,
  $items,
  allLabelChanged,
  cancelClicked,
  filesChosen,
  finishedCleared,
  itemLabelChanged,
  itemRemoved,
  itemTitleChanged,
  startClicked,
  type UploadItem,
} from '../model/upload-queue';
import './upload-panel.css';

function QueueRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation('evidence');
  const [onLabel, onTitle, onRemove, onCancel] = useUnit([itemLabelChanged, itemTitleChanged, itemRemoved, cancelClicked]);
  const percent = item.size > 0 ? Math.min(100, Math.floor((item.loaded / item.size) * 100)) : item.state === 'done' ? 100 : 0;
  const editable = item.state === 'ready';
  const labelId = `upload-label-${item.id}`;
  const titleId = `upload-title-${item.id}`;
  const labelError = item.labelError ? translateMessage(item.labelError) : '';
  return (
    <li className={`upload-row upload-row--${item.state}`} data-testid="upload-row">
      <div className="upload-row__head">
        <span className="upload-row__name" title={item.name}>
          {item.name}
        </span>
        <span className="upload-row__size">{formatBytes(item.size)}</span>
        <span className="upload-row__state" aria-live="polite">
          {t(`upload.state.${item.state}`, { percent })}
        </span>
      </div>
      {editable ? (
        <div className="upload-row__fields">
          <div className="upload-row__field">
            <label htmlFor={labelId}>{t('upload.label')}</label>
            <Input
              id={labelId}
              value={item.label}
              maxLength={50}
              placeholder={t('upload.labelPlaceholder')}
              aria-required
              aria-invalid={Boolean(labelError)}
              aria-describedby={labelError ? `${labelId}-error` : undefined}
              validateStatus={labelError ? 'error' : 'default'}
              onChange={(value) => onLabel({ id: item.id, value })}
            />
            <div id={`${labelId}-error`} className="upload-row__error">
              {labelError}
            </div>
          </div>
          <div className="upload-row__field">
            <label htmlFor={titleId}>{t('upload.title_')}</label>
            <Input
              id={titleId}
              value={item.title}
              maxLength={200}
              placeholder={t('upload.titlePlaceholder')}
              onChange={(value) => onTitle({ id: item.id, value })}
            />
          </div>
        </div>
      ) : null}
      {item.state === 'uploading' || item.state === 'queued' ? (
        <progress className="upload-row__progress" max={100} value={percent} aria-label={t('upload.progressLabel', { name: item.name })} />
      ) : null}
      {item.state === 'done' && item.result ? (
        <div className="upload-row__done">{t('upload.doneWith', { baoquan: item.result.baoquan })}</div>
      ) : null}
      {item.state === 'failed' && item.error ? <div className="upload-row__error">{item.error}</div> : null}
      <div className="upload-row__actions">
        {item.state === 'uploading' || item.state === 'queued' ? (
          <Button size="small" type="danger" onClick={() => onCancel(item.id)}>
            {t('upload.cancel')}
          </Button>
        ) : (
          <Button size="small" type="tertiary" onClick={() => onRemove(item.id)}>
            {t('upload.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** Choose or drop files, give each a label (and a title), upload them one after another with progress and cancel. */
export function UploadPanel() {
  const { t } = useTranslation('evidence');
  const [items, allLabel, hasReady, busy, hasFinished, onFiles, onAllLabel, onStart, onClear] = useUnit([
    $items,
    $allLabel,
    $hasReady,
    $busy,
    $hasFinished,
    filesChosen,
    allLabelChanged,
    startClicked,
    finishedCleared,
  ]);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const allLabelId = useId();

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <section className="upload-panel" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="upload-panel__title">
        {t('upload.title')}
      </h2>
      <p className="upload-panel__hint">{t('upload.hint')}</p>
      <div
        className={`upload-panel__drop${dragging ? ' upload-panel__drop--over' : ''}`}
        data-testid="upload-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span>{t('upload.drop')}</span>
        <Button theme="light" onClick={() => input.current?.click()}>
          {t('upload.choose')}
        </Button>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          className="visually-hidden"
          aria-label={t('upload.chooseLabel')}
          onChange={(event) => {
            onFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
      {items.length > 0 ? (
        <>
          {hasReady ? (
            <div className="upload-panel__all">
              <label htmlFor={allLabelId}>{t('upload.allLabel')}</label>
              <Input id={allLabelId} value={allLabel} maxLength={50} placeholder={t('upload.allLabelPlaceholder')} onChange={onAllLabel} />
            </div>
          ) : null}
          <ul className="upload-panel__queue" aria-label={t('upload.queueLabel')}>
            {items.map((item) => (
              <QueueRow key={item.id} item={item} />
            ))}
          </ul>
          <div className="upload-panel__bar">
            {hasFinished ? (
              <Button type="tertiary" onClick={onClear}>
                {t('upload.clearDone')}
              </Button>
            ) : null}
            <Button theme="solid" type="primary" disabled={!hasReady} loading={busy && !hasReady} onClick={onStart}>
              {t('upload.start')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
