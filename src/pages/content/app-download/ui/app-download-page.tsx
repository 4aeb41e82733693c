import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { Markdown } from '@/shared/lib/markdown';
import { paths } from '@/shared/routing';
import { QrCode } from '@/shared/ui/qr-code';
import type { AppRelease } from '../lib/release';
import { $failed, $loading, $pageUrl, $release, AppDownloadGate, retryClicked } from '../model/app-download';
import './app-download-page.css';

const FEATURES = ['capture', 'screen', 'certificate'] as const;
const STEPS = ['install', 'signIn', 'collect'] as const;

const pathLink = (href: string, children: ReactNode) => <Link to={href}>{children}</Link>;

function DownloadLink({ href, label, unavailable }: { href: string | null; label: string; unavailable: string }) {
  if (!href) {
    return (
      <span className="download__store download__store--off">
        {label}
        <small>{unavailable}</small>
      </span>
    );
  }
  const external = !href.startsWith('/');
  return (
    <a className="download__store" href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {label}
    </a>
  );
}

function Release({ release }: { release: AppRelease }) {
  const { t } = useTranslation('download');
  return (
    <>
      <p className="download__version">
        <span>{t('version.current', { version: release.version })}</span>
        <span className="download__dot" aria-hidden="true">
          ·
        </span>
        <span>
          {t('version.released')}
          <time dateTime={release.releasedOn}>{release.releasedOn}</time>
        </span>
      </p>
      <div className="download__stores">
        <DownloadLink href={release.androidUrl} label={t('android')} unavailable={t('unavailable')} />
        <DownloadLink href={release.iosUrl} label={t('ios')} unavailable={t('unavailable')} />
      </div>
    </>
  );
}

export function AppDownloadPage() {
  useGate(AppDownloadGate);
  const { t } = useTranslation('download');
  const [release, loading, failed, pageUrl, onRetry] = useUnit([$release, $loading, $failed, $pageUrl, retryClicked]);

  return (
    <div className="download">
      <title>{t('documentTitle')}</title>
      <meta name="description" content={t('description')} />
      <section className="download__hero">
        <div className="download__hero-inner">
          <div className="download__intro">
            <h1>{t('title')}</h1>
            <p className="download__subtitle">{t('subtitle')}</p>
            {release ? (
              <Release release={release} />
            ) : failed && !loading ? (
              <div className="download__state" role="alert">
                <p>{t('failed')}</p>
                <button type="button" className="download__retry" onClick={() => onRetry()}>
                  {t('retry')}
                </button>
              </div>
            ) : (
              <p className="download__state" aria-busy="true">
                {t('loading')}
              </p>
            )}
          </div>
          <figure className="download__qr">
            <QrCode value={pageUrl} label={t('qr.label')} size={168} />
            <figcaption>{t('qr.hint')}</figcaption>
          </figure>
        </div>
      </section>

      <div className="page download__body">
        {release && release.notes.length > 0 ? (
          <section className="download__card download__notes" aria-labelledby="download-notes">
            <h2 id="download-notes">{t('notes', { version: release.version })}</h2>
            <Markdown blocks={release.notes} minHeadingLevel={3} renderPathLink={pathLink} />
          </section>
        ) : null}

        <section aria-labelledby="download-features">
          <h2 id="download-features" className="download__heading">
            {t('features.title')}
          </h2>
          <div className="download__features">
            {FEATURES.map((key) => (
              <article key={key} className="download__card">
                <h3>{t(`features.${key}.title`)}</h3>
                <p>{t(`features.${key}.text`)}</p>
              </article>
            ))}
          </div>
        </section>

        <section aria-labelledby="download-steps">
          <h2 id="download-steps" className="download__heading">
            {t('steps.title')}
          </h2>
          <ol className="download__steps">
            {STEPS.map((key) => (
              <li key={key}>
                <h3>{t(`steps.${key}.title`)}</h3>
                <p>{t(`steps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
          <p className="download__more">
            {t('more.text')}
            <Link to={paths.helpCenter}>{t('more.help')}</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
