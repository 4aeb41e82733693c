import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { useInstallPrompt } from '@/shared/lib/install-prompt';
import { paths } from '@/shared/routing';
import { QrCode } from '@/shared/ui/qr-code';
import { $recorderUrl } from '../model/app-download';
import './app-download-page.css';

const FEATURES = ['capture', 'stream', 'certificate'] as const;
const SYSTEMS = ['ios', 'android'] as const;

/** The browser's own install offer where it makes one (Chromium); otherwise the page's instructions below. */
function InstallButton() {
  const { t } = useTranslation('download');
  const { state, install } = useInstallPrompt();
  if (state === 'installed') return <p className="download__installed">{t('installed')}</p>;
  if (state !== 'offered') return null;
  return (
    <button type="button" className="download__install" onClick={() => void install()} data-testid="install-app">
      {t('install')}
    </button>
  );
}

function Instructions({ system }: { system: (typeof SYSTEMS)[number] }): ReactNode {
  const { t } = useTranslation('download');
  const steps =
    system === 'ios' ? [t('ios.step1'), t('ios.step2'), t('ios.step3')] : [t('android.step1'), t('android.step2'), t('android.step3')];
  return (
    <article className="download__card" aria-labelledby={`download-${system}`}>
      <h3 id={`download-${system}`}>{t(`${system}.title`)}</h3>
      <ol className="download__list">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </article>
  );
}

/** /appDownload: the phone's recorder as a web app to add to the home screen; no native app is offered. */
export function AppDownloadPage() {
  const { t } = useTranslation('download');
  const recorderUrl = useUnit($recorderUrl);
  return (
    <div className="download">
      <title>{t('documentTitle')}</title>
      <meta name="description" content={t('description')} />
      <section className="download__hero">
        <div className="download__hero-inner">
          <div className="download__intro">
            <h1>{t('title')}</h1>
            <p className="download__subtitle">{t('subtitle')}</p>
            <div className="download__actions">
              <InstallButton />
              <Link className="download__open" to={paths.newMobile}>
                {t('open')}
              </Link>
            </div>
          </div>
          <figure className="download__qr">
            <QrCode value={recorderUrl} label={t('qr.label')} size={168} />
            <figcaption>{t('qr.hint')}</figcaption>
          </figure>
        </div>
      </section>

      <div className="page download__body">
        <section aria-labelledby="download-install">
          <h2 id="download-install" className="download__heading">
            {t('howTitle')}
          </h2>
          <div className="download__features">
            {SYSTEMS.map((system) => (
              <Instructions key={system} system={system} />
            ))}
          </div>
        </section>

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
          <p className="download__more">
            {t('more.text')}
            <Link to={paths.helpCenter}>{t('more.help')}</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
