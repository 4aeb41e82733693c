import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { QrCode } from '@/shared/ui/qr-code';
import './new-mobile-page.css';

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/** /newMobile: how to collect evidence with the mobile app: its download QR code and the steps. */
export function NewMobilePage() {
  const { t } = useTranslation('capture');
  const download = `${globalThis.location?.origin ?? ''}${paths.appDownload}`;
  return (
    <div className="page new-mobile">
      <h1 className="collection-page-title">{t('newMobile.title')}</h1>
      <p className="new-mobile__intro">{t('newMobile.intro')}</p>
      <div className="new-mobile__layout">
        <section className="new-mobile__card new-mobile__qr" aria-labelledby="new-mobile-download">
          <h2 id="new-mobile-download">{t('newMobile.downloadTitle')}</h2>
          <QrCode value={download} label={t('newMobile.qrLabel')} size={168} />
          <p>{t('newMobile.qrHint')}</p>
          <Link className="new-mobile__link" to={paths.appDownload}>
            {t('newMobile.downloadLink')}
          </Link>
        </section>
        <section className="new-mobile__card" aria-labelledby="new-mobile-steps">
          <h2 id="new-mobile-steps">{t('newMobile.stepsTitle')}</h2>
          <ol className="new-mobile__steps">
            {STEPS.map((step, i) => (
              <li key={step}>
                <span className="new-mobile__number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3>{t(`newMobile.${step}Title`)}</h3>
                  <p>{t(`newMobile.${step}`)}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="new-mobile__forensics">{t('newMobile.forensics')}</p>
          <Link className="new-mobile__button" to={paths.evidencesMobileList}>
            {t('newMobile.toList')}
          </Link>
        </section>
      </div>
    </div>
  );
}
