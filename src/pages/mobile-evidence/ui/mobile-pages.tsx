import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { fileKindFromQueryWord, formatBytes, HashText, isFileKind, useFileKindWords } from '@/entities/evidence';
import {
  $detail,
  $detailError,
  $detailFailed,
  $preview,
  $previewError,
  $previewFailed,
  MobileCertificateGate,
  PreviewGate,
} from '../model/mobile';
import { MediaView } from './media-view';
import './mobile-pages.css';

/** /mobile/attestation/{attestationId}/{token}: the QR code's target, a phone-sized certificate with its hashes. */
export function MobileCertificatePage() {
  const { attestationId = '', token = '' } = useParams();
  useGate(MobileCertificateGate, { no: attestationId, viewToken: token });
  const { t } = useTranslation('attestation');
  useTranslation('evidence');
  const [detail, failed, error] = useUnit([$detail, $detailFailed, $detailError]);
  if (failed) {
    return (
      <main className="mobile-page">
        <p className="mobile-page__message" role="alert">
          {error || t('mobile.invalid')}
        </p>
      </main>
    );
  }
  if (!detail) {
    return (
      <main className="mobile-page" aria-busy="true">
        <p className="mobile-page__message">{t('mobile.loading')}</p>
      </main>
    );
  }
  const { certificate } = detail;
  return (
    <main className="mobile-page">
      <h1 className="mobile-page__title">{t('mobile.title')}</h1>
      <dl className="mobile-facts">
        <div>
          <dt>{t('fields.baoquan')}</dt>
          <dd>{certificate.baoquan}</dd>
        </div>
        <div>
          <dt>{t('fields.saveTime')}</dt>
          <dd>{certificate.saveTime}</dd>
        </div>
        <div>
          <dt>{t('fields.filehash')}</dt>
          <dd>
            <HashText value={certificate.filehash} testId="mobile-filehash" />
          </dd>
        </div>
        <div>
          <dt>{t('fields.chainhash')}</dt>
          <dd>
            <a href={certificate.explorerUrl} className="mobile-link">
              <HashText value={certificate.chainhash} />
            </a>
          </dd>
        </div>
      </dl>
      {detail.previewUrl ? (
        <section className="mobile-media" aria-label={t('mobile.preview')}>
          <h2 className="mobile-page__subtitle">{t('mobile.preview')}</h2>
          <MediaView kind={certificate.fileType} url={detail.previewUrl} title={certificate.title ?? certificate.baoquan} />
        </section>
      ) : null}
      {/* The service's own certificate template, sanitized on the server (no script, no handlers). */}
      <section className="mobile-certificate" dangerouslySetInnerHTML={{ __html: detail.certificateHtml }} />
    </main>
  );
}

function PreviewBody({ kindHint, baoquan }: { kindHint: string | undefined; baoquan?: string }) {
  const { t } = useTranslation('attestation');
  const words = useFileKindWords();
  const [preview, failed, error] = useUnit([$preview, $previewFailed, $previewError]);
  if (failed) {
    return (
      <p className="mobile-page__message" role="alert">
        {error || t('mobile.linkInvalid')}
      </p>
    );
  }
  if (!preview) return <p className="mobile-page__message">{t('mobile.loading')}</p>;
  const kind = (isFileKind(kindHint) ? kindHint : fileKindFromQueryWord(kindHint, words)) ?? preview.fileType;
  return (
    <>
      <p className="mobile-page__file">{t('mobile.fileInfo', { title: preview.title, size: formatBytes(preview.size) })}</p>
      {preview.isDownload === 1 && preview.url ? (
        <MediaView kind={kind} url={preview.url} title={preview.title} />
      ) : preview.isDownload === 2 ? (
        <p className="mobile-page__message" aria-live="polite">
          {t('mobile.progressWaiting')}
        </p>
      ) : (
        <p className="mobile-page__message">{t('mobile.progressMissing')}</p>
      )}
      {baoquan ? (
        <p>
          <Link className="mobile-link" to={`${paths.attestation}/${encodeURIComponent(baoquan)}`}>
            {t('mobile.certificateLink')}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** /mobile/preview/{fileUrl}/{type}/{baoquan}: the QR target for media. */
export function MobilePreviewPage() {
  const { fileUrl = '', type, baoquan } = useParams();
  useGate(PreviewGate, { fileUrl, poll: false });
  const { t } = useTranslation('attestation');
  useTranslation('evidence');
  return (
    <main className="mobile-page">
      <h1 className="mobile-page__title">{t('mobile.preview')}</h1>
      <PreviewBody kindHint={type} baoquan={baoquan} />
    </main>
  );
}

/** /mobile/previewProgress/{fileUrl}: waits (asking every 3 s) until the file is ready, then shows it. */
export function MobilePreviewProgressPage() {
  const { fileUrl = '' } = useParams();
  useGate(PreviewGate, { fileUrl, poll: true });
  const { t } = useTranslation('attestation');
  useTranslation('evidence');
  return (
    <main className="mobile-page">
      <h1 className="mobile-page__title">{t('mobile.progressTitle')}</h1>
      <PreviewBody kindHint={undefined} />
    </main>
  );
}
