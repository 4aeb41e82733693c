import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { useParams } from 'react-router-dom';
import type { CapturePart, WebFacts } from '@contracts';
import { chinaTimeText, FactRow, PreservationFacts, RecordState, UnlockForm } from '@/entities/capture';
import { webRecord } from '../model/evidence-web';
import './evidence-web-page.css';

function Screenshot({ part, facts }: { part: CapturePart | undefined; facts: WebFacts }) {
  const { t } = useTranslation('capture');
  if (!part) return null;
  return (
    <section className="record__section" aria-labelledby="web-screenshot">
      <div className="web-record__shot-head">
        <h2 id="web-screenshot" className="record__section-title">
          {t('web.screenshot')}
        </h2>
        <a className="record__link" href={part.url} target="_blank" rel="noopener noreferrer">
          {t('web.openScreenshot')}
        </a>
      </div>
      {facts.truncated ? <p className="web-record__note">{t('web.truncated')}</p> : null}
      {/* Tall pages scroll inside the frame: keyboard users reach it with Tab and scroll with the arrows. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <div className="web-record__shot" tabIndex={0} role="region" aria-label={t('web.screenshotRegion')}>
        <img src={part.url} alt={t('web.screenshotAlt', { url: facts.finalUrl })} data-testid="web-screenshot" />
      </div>
    </section>
  );
}

function Exchange({ facts }: { facts: WebFacts }) {
  const { t } = useTranslation('capture');
  return (
    <section className="record__section" aria-labelledby="web-facts">
      <h2 id="web-facts" className="record__section-title">
        {t('web.facts')}
      </h2>
      <dl className="record__facts">
        <FactRow label={t('web.url')} testId="web-url">
          <span className="record__mono">{facts.url}</span>
        </FactRow>
        {facts.finalUrl !== facts.url ? (
          <FactRow label={t('web.finalUrl')}>
            <span className="record__mono">{facts.finalUrl}</span>
          </FactRow>
        ) : null}
        <FactRow label={t('web.resolvedAddress')} testId="web-address">
          <span className="record__mono">{facts.resolvedAddress ?? '—'}</span>
        </FactRow>
        <FactRow label={t('web.httpStatus')} testId="web-status">
          {facts.httpStatus}
        </FactRow>
        <FactRow label={t('web.pageTitle')} testId="web-title">
          {facts.pageTitle || t('web.noTitle')}
        </FactRow>
        <FactRow label={t('web.capturedAt')}>{chinaTimeText(facts.capturedAt)}</FactRow>
        <FactRow label={t('web.browser')}>
          {t('web.browserValue', { browser: facts.browser, width: facts.viewport.width, height: facts.viewport.height })}
        </FactRow>
      </dl>
      {facts.redirects.length > 0 ? (
        <>
          <h3 className="web-record__subtitle">{t('web.redirects')}</h3>
          <ol className="web-record__redirects">
            {facts.redirects.map((hop, i) => (
              <li key={`${i}-${hop.url}`}>
                <span className="web-record__status">{hop.status}</span> <span className="record__mono">{hop.url}</span>
                {hop.location ? <span className="web-record__location"> → {hop.location}</span> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <h3 className="web-record__subtitle">{t('web.tls')}</h3>
      {facts.tls ? (
        <dl className="record__facts" data-testid="web-tls">
          <FactRow label={t('web.tlsSubject')}>{facts.tls.subject}</FactRow>
          <FactRow label={t('web.tlsIssuer')}>{facts.tls.issuer}</FactRow>
          <FactRow label={t('web.tlsValidity')}>{t('web.tlsValidityValue', { from: facts.tls.validFrom, to: facts.tls.validTo })}</FactRow>
          <FactRow label={t('web.tlsFingerprint')}>
            <span className="record__mono">{facts.tls.fingerprint256}</span>
          </FactRow>
          <FactRow label={t('web.tlsProtocol')}>{facts.tls.protocol ?? '—'}</FactRow>
          <FactRow label={t('web.tlsTrusted')}>
            {facts.tls.authorized ? t('web.tlsTrustedYes') : t('web.tlsTrustedNo', { reason: facts.tls.authorizationError ?? '' })}
          </FactRow>
        </dl>
      ) : (
        <p className="web-record__note">{t('web.noTls')}</p>
      )}
      <details className="web-record__headers">
        <summary>{t('web.headers', { count: facts.headers.length })}</summary>
        <dl className="record__facts">
          {facts.headers.map((header, i) => (
            <FactRow key={`${i}-${header.name}`} label={header.name}>
              <span className="record__mono">{header.value}</span>
            </FactRow>
          ))}
        </dl>
      </details>
    </section>
  );
}

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** The replayable web archive (WACZ) of the capture: what it is, how to replay it, and its download. */
function Archive({ part }: { part: CapturePart | undefined }) {
  const { t } = useTranslation('capture');
  if (!part) return null;
  return (
    <section className="record__section" aria-labelledby="web-archive" data-testid="web-archive">
      <h2 id="web-archive" className="record__section-title">
        {t('web.archive')}
      </h2>
      <p className="web-record__note">{t('web.archiveNote')}</p>
      <a className="record__button" href={part.url} download={part.name} data-testid="web-archive-download">
        {t('web.downloadArchive', { size: sizeText(part.size) })}
      </a>
    </section>
  );
}

/** /evidencesWeb/{baoquan_no}: the screenshot, what was captured and how, and the hashes that prove it. */
export function EvidenceWebPage() {
  const { t } = useTranslation('capture');
  const { baoquan = '' } = useParams();
  useGate(webRecord.Gate, { baoquan });
  const [detail, parts] = useUnit([webRecord.$detail, webRecord.$parts]);
  if (!detail) {
    return (
      <div className="page record">
        <RecordState model={webRecord} />
      </div>
    );
  }
  const bundle = parts.find((p) => p.role === 'bundle');
  return (
    <div className="page record">
      <div className="record__head">
        <div>
          <h1 className="record__title">{detail.title ?? t('web.pageHeading')}</h1>
          <span className="record__kind">{t('nav.type.3')}</span>
        </div>
        {bundle ? (
          <a className="record__button record__button--primary" href={bundle.url} download>
            {t('record.downloadBundle')}
          </a>
        ) : null}
      </div>
      {detail.view === 'limited' ? <UnlockForm model={webRecord} /> : null}
      {detail.web ? <Screenshot part={parts.find((p) => p.role === 'screenshot')} facts={detail.web} /> : null}
      {detail.web ? <Exchange facts={detail.web} /> : null}
      <Archive part={parts.find((p) => p.role === 'wacz')} />
      <PreservationFacts detail={detail} />
    </div>
  );
}
