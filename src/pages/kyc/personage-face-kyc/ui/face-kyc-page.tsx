import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { useSearchParams } from 'react-router-dom';
import { QrCode } from '@/shared/ui/qr-code';
import { $qrValue, $state, doneClicked, FaceKycGate, retryClicked } from '../model/face-kyc';
import './face-kyc-page.css';

/** /personage-face-kyc?url&certify_id: the face page as a QR code; asks for the result every 3 seconds. */
export function FaceKycPage() {
  const [params] = useSearchParams();
  useGate(FaceKycGate, { url: params.get('url') ?? '', certifyId: params.get('certify_id') ?? '' });
  const { t } = useTranslation('kyc');
  const [state, qrValue, onDone, onRetry] = useUnit([$state, $qrValue, doneClicked, retryClicked]);
  return (
    <div className="page kyc face-kyc">
      <h1 className="kyc__title">{t('face.title')}</h1>
      <section className="face-kyc__card">
        {qrValue ? (
          <QrCode value={qrValue} label={t('face.qrLabel')} size={200} />
        ) : (
          <p className="face-kyc__refused" role="alert" data-testid="face-url-refused">
            {t('face.badUrl')}
          </p>
        )}
        <ol className="face-kyc__steps">
          <li>{t('face.step1')}</li>
          <li>{t('face.step2')}</li>
          <li>{t('face.step3')}</li>
        </ol>
        {qrValue ? (
          <p className="face-kyc__link">
            {t('face.openOnPhone')} <a href={qrValue}>{t('face.openLink')}</a>
          </p>
        ) : null}
        <div className="face-kyc__status" role="status" aria-live="polite" data-testid="face-status">
          {state === 'waiting' ? t('face.waiting') : null}
          {state === 'passed' ? t('face.success') : null}
          {state === 'stopped' ? t('face.stopped') : null}
        </div>
        {state === 'passed' ? (
          <Button theme="solid" type="primary" size="large" onClick={onDone}>
            {t('face.done')}
          </Button>
        ) : null}
        {state === 'stopped' || !qrValue ? <Button onClick={onRetry}>{t('face.retry')}</Button> : null}
      </section>
    </div>
  );
}
