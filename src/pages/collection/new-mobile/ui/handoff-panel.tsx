import { useGate, useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { QrCode } from '@/shared/ui/qr-code';
import { handoffUrl } from '../lib/handoff-url';
import { $failed, $handoff, $loading, $secondsLeft, HandoffGate, retryClicked } from '../model/handoff';

const HOW = ['how1', 'how2', 'how3', 'how4'] as const;

function HandoffCode() {
  const { t } = useTranslation('capture');
  const [handoff, failed, loading, secondsLeft, onRetry] = useUnit([$handoff, $failed, $loading, $secondsLeft, retryClicked]);
  if (handoff) {
    return (
      <div className="new-mobile__code" data-testid="handoff-qr" data-code={handoff.code}>
        <QrCode value={handoffUrl(globalThis.location?.origin ?? '', handoff.code)} label={t('newMobile.qrLabel')} size={184} />
        <p className="new-mobile__expires" aria-live="off">
          {t('newMobile.expiresIn', { seconds: secondsLeft })}
        </p>
      </div>
    );
  }
  if (failed && !loading) {
    return (
      <div className="new-mobile__code" role="alert">
        <p>{t('newMobile.failed')}</p>
        <button type="button" className="new-mobile__button" onClick={() => onRetry()}>
          {t('newMobile.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="new-mobile__code" aria-busy="true">
      {t('newMobile.loading')}
    </p>
  );
}

/** On a computer: a one-time QR code that signs the phone in and opens this page there, and how it goes. */
export function HandoffPanel() {
  useGate(HandoffGate);
  const { t } = useTranslation('capture');
  return (
    <div className="new-mobile__layout">
      <section className="new-mobile__card new-mobile__qr" aria-labelledby="new-mobile-qr">
        <h2 id="new-mobile-qr">{t('newMobile.qrTitle')}</h2>
        <HandoffCode />
        <p>{t('newMobile.qrHint')}</p>
      </section>
      <section className="new-mobile__card" aria-labelledby="new-mobile-how">
        <h2 id="new-mobile-how">{t('newMobile.howTitle')}</h2>
        <ol className="new-mobile__steps">
          {HOW.map((step, i) => (
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
        <div className="new-mobile__actions">
          <Link className="new-mobile__button" to={paths.evidencesMobileList}>
            {t('newMobile.toList')}
          </Link>
          <Link className="new-mobile__link" to={paths.appDownload}>
            {t('newMobile.install')}
          </Link>
        </div>
      </section>
    </div>
  );
}
