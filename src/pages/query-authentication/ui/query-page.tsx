import { useGate, useUnit } from 'effector-react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link, NavLink, useParams } from 'react-router-dom';
import { translateMessage } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { useAdoptDomValue } from '@/shared/ui/form-field';
import { formWentLive } from '@/shared/lib/form';
import { explorerHref, FileKindText, HashText } from '@/entities/evidence';
import {
  $fileHash,
  $fileName,
  $hashFailed,
  $hashing,
  $hashProgress,
  $number,
  $numberError,
  $result,
  $searching,
  fileChosen,
  hashCancelled,
  LookupGate,
  numberChanged,
  numberSubmitted,
  QUERY_KINDS,
  queryKindOf,
} from '../model/lookup';
import './query-page.css';

function NumberLookup() {
  const { t } = useTranslation('verify');
  const [value, error, searching, onChange, onSubmit] = useUnit([$number, $numberError, $searching, numberChanged, numberSubmitted]);
  const numberInput = useAdoptDomValue<HTMLInputElement, string>(value, onChange);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form ref={formWentLive} className="lookup-card" noValidate onSubmit={submit} aria-labelledby="lookup-number-title">
      <h2 id="lookup-number-title" className="lookup-card__title">
        {t('query.byNumber')}
      </h2>
      <label htmlFor="lookup-number" className="lookup-card__label">
        {t('query.numberLabel')}
      </label>
      <div className="lookup-card__row">
        <input
          ref={numberInput}
          id="lookup-number"
          className="lookup-input"
          value={value}
          maxLength={40}
          autoComplete="off"
          placeholder={t('query.numberPlaceholder')}
          aria-invalid={Boolean(error)}
          aria-describedby="lookup-number-error"
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="submit" className="lookup-button" disabled={searching}>
          {t('query.search')}
        </button>
      </div>
      <div id="lookup-number-error" className="lookup-card__error">
        {error ? translateMessage(error) : ''}
      </div>
    </form>
  );
}

function FileLookup() {
  const { t } = useTranslation('verify');
  const [name, progress, hash, hashing, failed, onFile, onCancel] = useUnit([
    $fileName,
    $hashProgress,
    $fileHash,
    $hashing,
    $hashFailed,
    fileChosen,
    hashCancelled,
  ]);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const inputId = useId();
  const percent = progress && progress.total > 0 ? Math.floor((progress.loaded / progress.total) * 100) : 0;
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <section className="lookup-card" aria-labelledby="lookup-file-title">
      <h2 id="lookup-file-title" className="lookup-card__title">
        {t('query.byFile')}
      </h2>
      <div
        className={`lookup-drop${over ? ' lookup-drop--over' : ''}`}
        data-testid="lookup-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span>{t('query.drop')}</span>
        <button type="button" className="lookup-button lookup-button--light" onClick={() => input.current?.click()}>
          {t('query.choose')}
        </button>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="visually-hidden"
          aria-label={t('query.chooseLabel')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
            event.target.value = '';
          }}
        />
      </div>
      <p className="lookup-card__note">{t('query.notUploaded')}</p>
      {hashing ? (
        <div className="lookup-progress" aria-live="polite">
          <span>{t('query.hashing', { name, percent })}</span>
          <progress max={100} value={percent} aria-label={t('query.hashing', { name, percent })} />
          <button type="button" className="lookup-button lookup-button--light" onClick={onCancel}>
            {t('query.cancel')}
          </button>
        </div>
      ) : null}
      {hash && !hashing ? (
        <div className="lookup-hash">
          <span>{t('query.hashed', { name })}</span>
          <HashText value={hash} testId="lookup-file-hash" />
        </div>
      ) : null}
      {failed ? (
        <p className="lookup-card__error" role="alert">
          {t('query.hashFailed')}
        </p>
      ) : null}
    </section>
  );
}

function Result() {
  const { t } = useTranslation('verify');
  const result = useUnit($result);
  if (!result) return null;
  return (
    <section
      className={`lookup-result ${result.found ? 'lookup-result--found' : 'lookup-result--missing'}`}
      aria-live="polite"
      data-testid="lookup-result"
    >
      <h2 className="lookup-result__title">{result.found ? t('query.found') : t('query.notFound')}</h2>
      {result.found ? (
        <>
          {result.list.length > 1 ? <p>{t('query.foundCount', { count: result.list.length })}</p> : null}
          <ul className="lookup-result__list">
            {result.list.map((record) => (
              <li key={record.baoquan} className="lookup-record">
                {record.deletedByOwner ? (
                  <p className="lookup-record__deleted" data-testid="deleted-by-owner">
                    {t('query.deletedByOwner')}
                  </p>
                ) : null}
                <dl>
                  <div>
                    <dt>{t('query.baoquan')}</dt>
                    <dd className="lookup-record__number">{record.baoquan}</dd>
                  </div>
                  <div>
                    <dt>{t('query.fileType')}</dt>
                    <dd>
                      <FileKindText kind={record.fileType} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('query.saveTime')}</dt>
                    <dd>{record.saveTime}</dd>
                  </div>
                  <div>
                    <dt>{t('query.filehash')}</dt>
                    <dd>
                      <HashText value={record.filehash} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('query.chainhash')}</dt>
                    <dd>
                      <HashText value={record.chainhash} />
                    </dd>
                  </div>
                </dl>
                <div className="lookup-record__links">
                  <Link to={`${paths.attestation}/${encodeURIComponent(record.baoquan)}`}>{t('query.viewCertificate')}</Link>
                  <Link to={explorerHref(record.chainhash)}>{t('query.verifyChain')}</Link>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{result.by === 'number' ? t('query.notFoundNumber', { baoquan: result.subject }) : t('query.notFoundFile')}</p>
      )}
    </section>
  );
}

/** /queryAuthentication and its sub-pages: anyone looks a record up by number or checks a file, hashed locally. */
export function QueryAuthenticationPage() {
  useGate(LookupGate);
  // The result shows file kinds (evidence namespace): load it with the page, not later inside the result,
  // where a suspension would hide the page and close its gate.
  useTranslation('evidence');
  const { kind: param } = useParams();
  const kind = queryKindOf(param);
  const { t } = useTranslation('verify');
  return (
    <div className="page lookup">
      <h1 className="lookup__title">{t('query.title')}</h1>
      <nav className="lookup-nav" aria-label={t('query.nav')}>
        {QUERY_KINDS.map((item) => (
          <NavLink
            key={item}
            to={`${paths.queryAuthentication}/${item}`}
            className={() => `lookup-nav__link${item === kind ? ' lookup-nav__link--active' : ''}`}
            aria-current={item === kind ? 'page' : undefined}
          >
            {t(`query.kinds.${item}`)}
          </NavLink>
        ))}
      </nav>
      <h2 className="lookup__subtitle">{t(`query.kinds.${kind}`)}</h2>
      <p className="lookup__intro">{t('query.intro')}</p>
      <div className="lookup__grid">
        <NumberLookup />
        <FileLookup />
      </div>
      <Result />
    </div>
  );
}
