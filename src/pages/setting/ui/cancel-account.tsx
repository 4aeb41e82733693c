import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation, Trans } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { formatChinaTime } from '@/shared/lib/time';
import { paths } from '@/shared/routing';
import { CountdownButton } from '@/shared/ui/countdown-button';
import { FormField } from '@/shared/ui/form-field';
import {
  $applying,
  $cancellation,
  $resendRemaining,
  $sending,
  $smsCode,
  $withdrawing,
  CancelAccountGate,
  codeRequested,
  confirmed,
  obligationHref,
  smsCodeChanged,
  withdrawn,
} from '../model/cancel-account';

const EFFECTS = ['evidence', 'seals', 'kyc', 'points', 'kept', 'phone'] as const;
/** The dates of a pending cancellation, China time, written as this notice has always shown them. */
const chinaTime = (iso: string) => formatChinaTime(iso, 'YYYY/M/D HH:mm:ss');

/** Account cancellation on /setting: what it means, what blocks it, the SMS confirmation, the pending state. */
export function CancelAccount({ phone }: { phone: string }) {
  useGate(CancelAccountGate);
  const { t } = useTranslation('accountCancellation');
  const [status, code, sending, applying, withdrawing, remaining] = useUnit([
    $cancellation,
    $smsCode,
    $sending,
    $applying,
    $withdrawing,
    $resendRemaining,
  ]);
  const [onCode, onSend, onConfirm, onWithdraw] = useUnit([smsCodeChanged, codeRequested, confirmed, withdrawn]);
  if (!status) return null;
  if (status.state === 'pending' && status.requestedAt && status.dueAt) {
    return (
      <div className="cancel-account" data-testid="cancellation-pending">
        <h2 className="setting__subtitle">{t('pendingTitle')}</h2>
        <p>{t('pendingText', { requestedAt: chinaTime(status.requestedAt), dueAt: chinaTime(status.dueAt) })}</p>
        <p className="setting__hint">{t('duringCoolingOff')}</p>
        <Button theme="solid" type="primary" loading={withdrawing} onClick={() => onWithdraw()}>
          {t('withdraw')}
        </Button>
      </div>
    );
  }
  return (
    <div className="cancel-account" data-testid="cancellation">
      <h2 className="setting__subtitle">{t('title')}</h2>
      <p>{t('intro')}</p>
      <ul className="cancel-account__effects">
        {EFFECTS.map((key) => (
          <li key={key}>{t(`effects.${key}`)}</li>
        ))}
      </ul>
      <p className="setting__hint">
        <Trans
          t={t}
          i18nKey="packageHint"
          values={{ count: status.evidenceCount }}
          components={{ download: <Link to={paths.batchDownload} /> }}
        />
      </p>
      {status.obligations.length > 0 ? (
        <div role="alert" data-testid="cancellation-blocked">
          <p>{t('blockedTitle')}</p>
          <ul className="cancel-account__obligations">
            {status.obligations.map((item) => (
              <li key={`${item.kind}-${item.ref}`}>
                {t(`obligation.${item.kind}`, { ref: item.ref })} <Link to={obligationHref(item)}>{t('obligation.open')}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <form
          className="setting__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <p className="setting__hint">{t('coolingOff', { days: status.coolingOffDays })}</p>
          <p className="setting__hint">{t('smsHint', { phone })}</p>
          <FormField
            id="cancel-sms-code"
            label={t('smsCode')}
            value={code}
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={t('smsPlaceholder')}
            onChange={onCode}
          />
          <div className="cancel-account__actions">
            <CountdownButton
              remaining={remaining}
              loading={sending}
              label={t('sendCode')}
              countingLabel={(seconds) => t('resendIn', { seconds })}
              onClick={() => onSend()}
            />
            <Button htmlType="submit" theme="solid" type="danger" loading={applying} disabled={code.length !== 6}>
              {t('confirm')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
