import { useGate, useUnit } from 'effector-react';
import { lazy, Suspense, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { useLocation, useParams } from 'react-router-dom';
import { translateMessage } from '@/shared/i18n';
import { CopyButton } from '@/shared/ui/copy-button';
import { formatChinaTime } from '@/shared/lib/time';
import { Dialog } from '@/shared/ui/dialog';
import { FileKindText, formatBytes, HashText, useFileKindWords, type Certificate } from '@/entities/evidence';
import { formatDuration } from '@/shared/lib/time';
import {
  $certificate,
  $code,
  $codeError,
  $extractOpen,
  $isOwner,
  $loadFailed,
  $loading,
  $pageQuery,
  $pdfPending,
  $printHintOpen,
  $qrTarget,
  $unlocking,
  $acceptedCode,
  CertificateGate,
  codeChanged,
  codeSubmitted,
  extractClicked,
  extractDialogClosed,
  fileKindOf,
  ownerDownloadClicked,
  pdfClicked,
  printClicked,
  printConfirmed,
  printHintClosed,
} from '../model/certificate';
import './certificate-page.css';

/** Only the owner sees the QR code: its encoder is loaded then, not on every visitor's first visit. */
const QrCode = lazy(async () => ({ default: (await import('@/shared/ui/qr-code')).QrCode }));
// Only the record's owner sees the proof package button: its code and its download helpers stay out of the
// first visit of everyone who opens a shared certificate.
const ProofPackageButton = lazy(async () => ({ default: (await import('@/features/download-proof-package')).ProofPackageButton }));

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="certificate__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Forensics({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation(['attestation', 'common']);
  const f = certificate.forensics;
  if (!f) return null;
  // What a phone's browser cannot know (processor, kernel; the place unless allowed) comes empty.
  const notAvailable = t('forensics.notAvailable');
  return (
    <section className="certificate__section" aria-labelledby="certificate-forensics">
      <h2 id="certificate-forensics" className="certificate__section-title">
        {t('forensics.title')}
      </h2>
      <dl className="certificate__facts">
        <Row label={t('forensics.appAddress')}>{f.appAddress || notAvailable}</Row>
        <Row label={t('forensics.appType')}>{f.appType || notAvailable}</Row>
        <Row label={t('forensics.duration')}>{formatDuration(f.duration)}</Row>
        <Row label={t('forensics.configName')}>{f.configName || notAvailable}</Row>
        <Row label={t('forensics.configModelName')}>{f.configModelName || notAvailable}</Row>
        <Row label={t('forensics.configVersion')}>{f.configVersion || notAvailable}</Row>
        <Row label={t('forensics.configProcessor')}>{f.configProcessor || notAvailable}</Row>
        <Row label={t('forensics.configCore')}>{f.configCore || notAvailable}</Row>
      </dl>
    </section>
  );
}

/** The third party's time (RFC 3161 token of the earliest timestamped checkpoint holding the record), or that it is pending. */
function TrustedTimeRows({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation(['attestation', 'common']);
  const time = certificate.trustedTime;
  if (!time)
    return (
      <Row label={t('fields.trustedTime')} testId="certificate-trusted-time">
        <span className="certificate__pending">{t('trustedTime.pending')}</span>
      </Row>
    );
  return (
    <>
      <Row label={t('fields.trustedTime')} testId="certificate-trusted-time">
        <time dateTime={time.genTime}>{t('trustedTime.value', { time: time.genTime, zone: t('common:timeZone') })}</time>
        <small className="certificate__hint">{t('trustedTime.hint')}</small>
      </Row>
      <Row label={t('fields.tsa')} testId="certificate-tsa">
        {time.authority}
        {time.sandbox ? <small className="certificate__hint">{t('trustedTime.sandbox')}</small> : null}
      </Row>
      <Row label={t('fields.tsaPolicy')}>
        <span className="certificate__mono">{time.policy}</span>
      </Row>
    </>
  );
}

function ExtractDialog() {
  const { t } = useTranslation(['attestation', 'common']);
  const [open, code, error, pending, onClose, onChange, onSubmit] = useUnit([
    $extractOpen,
    $code,
    $codeError,
    $unlocking,
    extractDialogClosed,
    codeChanged,
    codeSubmitted,
  ]);
  const message = error?.ref ? translateMessage(error.ref) : (error?.text ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={t('extract.title')} open={open} onClose={onClose} closeLabel={t('extract.close')}>
      <form className="certificate-form" noValidate onSubmit={submit}>
        <p className="certificate-form__hint">{t('extract.hint')}</p>
        <label htmlFor="extract-code" className="certificate-form__label">
          {t('extract.label')}
        </label>
        <input
          id="extract-code"
          className="certificate-form__input"
          value={code}
          maxLength={30}
          autoComplete="off"
          placeholder={t('extract.placeholder')}
          aria-invalid={Boolean(message)}
          aria-describedby="extract-code-error"
          onChange={(event) => onChange(event.target.value)}
        />
        <div id="extract-code-error" className="certificate-form__error" role="alert">
          {message}
        </div>
        <div className="certificate-form__buttons">
          <button type="button" className="btn" onClick={onClose}>
            {t('extract.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {t('extract.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function PrintHintDialog() {
  const { t } = useTranslation(['attestation', 'common']);
  const [open, onClose, onConfirm] = useUnit([$printHintOpen, printHintClosed, printConfirmed]);
  return (
    <Dialog
      title={t('print.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('print.close')}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('print.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm}>
            {t('print.confirm')}
          </button>
        </>
      }
    >
      <p>{t('print.hint')}</p>
      <ol className="certificate-print-steps">
        <li>{t('print.step1')}</li>
        <li>{t('print.step2')}</li>
        <li>{t('print.step3')}</li>
      </ol>
    </Dialog>
  );
}

function Actions() {
  const { t } = useTranslation(['attestation', 'common']);
  const [certificate, owner, pdfPending, onDownload, onExtract, onPrint, onPdf] = useUnit([
    $certificate,
    $isOwner,
    $pdfPending,
    ownerDownloadClicked,
    extractClicked,
    printClicked,
    pdfClicked,
  ]);
  // A record erased with its owner's account has no file and no PDF any more: only printing the page stays.
  const erased = certificate?.deletedByOwner === true;
  return (
    <div className="certificate-actions no-print" role="group" aria-label={t('actions.label')}>
      {erased ? null : owner ? (
        <button type="button" className="btn btn--primary" onClick={onDownload}>
          {t('actions.download')}
        </button>
      ) : (
        <button type="button" className="btn btn--primary" onClick={onExtract}>
          {t('actions.extract')}
        </button>
      )}
      <button type="button" className="btn" onClick={onPrint}>
        {t('actions.print')}
      </button>
      {erased ? null : (
        <button type="button" className="btn" disabled={pdfPending} onClick={onPdf}>
          {t('actions.pdf')}
        </button>
      )}
      {owner && certificate && !erased ? (
        <Suspense fallback={null}>
          <ProofPackageButton target={{ baoquan: certificate.baoquan, expectedBytes: certificate.size }} />
        </Suspense>
      ) : null}
    </div>
  );
}

function CertificateBody({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation(['attestation', 'common']);
  const words = useFileKindWords();
  const [query, qrTarget, code] = useUnit([$pageQuery, $qrTarget, $acceptedCode]);
  const kind = fileKindOf(certificate, query.fileType, words) ?? certificate.fileType;
  const hidden = <span className="certificate__hidden">{t('hidden')}</span>;
  return (
    <article className="certificate" aria-labelledby="certificate-title">
      <header className="certificate__head">
        <h1 id="certificate-title" className="certificate__title">
          {t('title')}
        </h1>
        <p className="certificate__subtitle" lang="en">
          {t('subtitle')}
        </p>
      </header>
      {certificate.deletedByOwner ? (
        <p className="certificate__note" role="status" data-testid="deleted-by-owner">
          {t('deletedByOwner')}
        </p>
      ) : certificate.limited ? (
        <p className="certificate__note no-print">{t('limitedNote')}</p>
      ) : code ? (
        <p className="certificate__note certificate__note--ok no-print">{t('sharedNote')}</p>
      ) : null}
      <div className="certificate__main">
        <dl className="certificate__facts">
          <Row label={t('fields.baoquan')} testId="certificate-baoquan">
            <span className="certificate__mono">{certificate.baoquan}</span>
            <CopyButton value={certificate.baoquan} what={t('fields.baoquan')} testId="copy-baoquan" />
          </Row>
          <Row label={t('fields.title')}>{certificate.title ?? hidden}</Row>
          <Row label={t('fields.label')}>{certificate.label === null ? hidden : certificate.label || '—'}</Row>
          <Row label={t('fields.fileType')}>
            <FileKindText kind={kind} />
          </Row>
          <Row label={t('fields.size')}>{formatBytes(certificate.size)}</Row>
          <Row label={t('fields.saveTime')}>
            {formatChinaTime(certificate.saveTime)} {t('common:timeZone')}
          </Row>
          <TrustedTimeRows certificate={certificate} />
          <Row label={t('fields.owner')}>{certificate.owner}</Row>
          <Row label={t('fields.source')}>
            {t(
              certificate.evidenceType === 2
                ? 'source.process'
                : certificate.evidenceType === 3
                  ? 'source.webCapture'
                  : certificate.isApp === 1
                    ? 'source.app'
                    : 'source.web',
            )}
          </Row>
          {certificate.sourceUrl ? (
            <Row label={t('fields.sourceUrl')}>
              <span className="certificate__mono">{certificate.sourceUrl}</span>
            </Row>
          ) : null}
          <Row label={t('fields.filehash')}>
            <HashText value={certificate.filehash} testId="certificate-filehash" />
            <CopyButton value={certificate.filehash} what={t('fields.filehash')} testId="copy-filehash" />
          </Row>
          <Row label={t('fields.chainhash')}>
            <a
              href={certificate.explorerUrl}
              target="_blank"
              rel="noopener"
              className="certificate__chain"
              data-testid="certificate-chainhash"
              title={t('chainhashLink')}
            >
              <HashText value={certificate.chainhash} />
              <span className="visually-hidden">{t('chainhashLink')}</span>
            </a>
            <CopyButton value={certificate.chainhash} what={t('fields.chainhash')} testId="copy-chainhash" />
          </Row>
        </dl>
        {qrTarget ? (
          <figure className="certificate__qr">
            <Suspense fallback={<div className="certificate__qr-placeholder" />}>
              <QrCode value={qrTarget} label={t('qr.label')} size={132} />
            </Suspense>
            <figcaption>
              {t('qr.title')}
              <br />
              <small>{t('qr.hint')}</small>
            </figcaption>
          </figure>
        ) : null}
      </div>
      <Forensics certificate={certificate} />
      <p className="certificate__statement">{t('statement')}</p>
      <p className="certificate__issuer">{t('issuer')}</p>
    </article>
  );
}

/** /attestation/{attestationId}: the evidence certificate (public; full for the owner or with the extraction code). */
export function CertificatePage() {
  const { attestationId = '' } = useParams();
  const { search } = useLocation();
  useGate(CertificateGate, { baoquan: attestationId, search });
  const { t } = useTranslation(['attestation', 'common']);
  // File kinds come from the evidence namespace: loaded with the page so nothing suspends later.
  useTranslation('evidence');
  const [certificate, loading, failed] = useUnit([$certificate, $loading, $loadFailed]);

  return (
    <div className="page certificate-page">
      {certificate ? (
        <>
          <Actions />
          <CertificateBody certificate={certificate} />
        </>
      ) : failed && !loading ? (
        <div className="certificate-state" role="alert">
          <p>{t('loadFailed')}</p>
        </div>
      ) : (
        <div className="certificate-state" aria-busy="true">
          {t('loading')}
        </div>
      )}
      <ExtractDialog />
      <PrintHintDialog />
    </div>
  );
}
