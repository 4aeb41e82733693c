import { useUnit } from 'effector-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import type { CaptureDetail } from '@contracts';
import { translateMessage } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import type { RecordViewModel } from '../model/record-view';
import './record.css';

export function FactRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="record__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** The preservation facts every collected record has: number, time, the preserved file's and chain's hashes, parts' hashes. */
export function PreservationFacts({ detail }: { detail: CaptureDetail }) {
  const { t } = useTranslation('capture');
  const certificate = `${paths.attestation}/${encodeURIComponent(detail.baoquan)}`;
  return (
    <section className="record__section" aria-labelledby="record-preservation">
      <h2 id="record-preservation" className="record__section-title">
        {t('record.preservation')}
      </h2>
      <dl className="record__facts">
        <FactRow label={t('record.baoquan')}>
          <span className="record__mono">{detail.baoquan}</span>
        </FactRow>
        <FactRow label={t('record.saveTime')}>{detail.saveTime}</FactRow>
        <FactRow label={t('record.filehash')} testId="record-filehash">
          <code className="record__mono">{detail.filehash}</code>
        </FactRow>
        <FactRow label={t('record.chainhash')} testId="record-chainhash">
          <a className="record__link record__mono" href={detail.explorerUrl} target="_blank" rel="noopener noreferrer">
            {detail.chainhash}
          </a>
        </FactRow>
        <FactRow label={t('record.size')}>{sizeText(detail.size)}</FactRow>
      </dl>
      {detail.files.length > 0 ? (
        <table className="record__files" data-testid="record-files">
          <caption>{t('record.filesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('record.fileName')}</th>
              <th scope="col">{t('record.fileSize')}</th>
              <th scope="col">{t('record.fileHash')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.files.map((file) => (
              <tr key={file.name}>
                <td>{file.name}</td>
                <td className="record__nowrap">{sizeText(file.size)}</td>
                <td>
                  <code className="record__mono">{file.sha256}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="record__links">
        <Link className="record__button" to={certificate}>
          {t('record.certificate')}
        </Link>
        <a className="record__button" href={detail.explorerUrl} target="_blank" rel="noopener noreferrer">
          {t('record.explorer')}
        </a>
      </p>
    </section>
  );
}

/** The limited view's note and the extraction-code form that unlocks the full record. */
export function UnlockForm({ model }: { model: RecordViewModel }) {
  const { t } = useTranslation('capture');
  const [code, error, loading, onChange, onSubmit] = useUnit([
    model.$code,
    model.$codeError,
    model.$loading,
    model.codeChanged,
    model.codeSubmitted,
  ]);
  const message = error?.ref ? translateMessage(error.ref) : (error?.text ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="record__unlock" noValidate onSubmit={submit}>
      <p>{t('record.limited')}</p>
      <label htmlFor="record-code">{t('record.codeLabel')}</label>
      <div className="record__unlock-row">
        <input
          id="record-code"
          value={code}
          maxLength={30}
          autoComplete="off"
          aria-invalid={Boolean(message)}
          aria-describedby="record-code-error"
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="submit" className="record__button record__button--primary" disabled={loading}>
          {t('record.unlock')}
        </button>
      </div>
      <div id="record-code-error" className="record__error" role="alert">
        {message}
      </div>
    </form>
  );
}

/** Loading, missing and failed states of a record page. */
export function RecordState({ model }: { model: RecordViewModel }) {
  const { t } = useTranslation('capture');
  const [loading, error, onRetry] = useUnit([model.$loading, model.$loadError, model.retryClicked]);
  if (error) {
    return (
      <div className="record__state" role="alert">
        <p>{error}</p>
        <button type="button" className="record__button" onClick={onRetry}>
          {t('record.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="record__state" aria-busy={loading}>
      {t('record.loading')}
    </div>
  );
}
