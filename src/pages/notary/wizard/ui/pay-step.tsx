import { Button, Progress, Radio, RadioGroup } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation, Trans } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { NOTARY_TRANSFER, type NotaryState } from '@contracts';
import { formatAmount } from '@/shared/lib/format';
import { paths } from '@/shared/routing';
import {
  $busy,
  $insufficient,
  $payment,
  $payMethod,
  $transferError,
  $transferProgress,
  $transferSending,
  payClicked,
  payMethodChosen,
  transferFileChosen,
} from '@/features/apply-notary';

/** Step 4: pay the order's points (spec section 7: POST /api/Evidences/pay). */
/** Step 4 by bank transfer: the office's account, the amount in yuan, the screenshot (sent, waiting, or rejected). */
function TransferPanel({ state }: { state: NotaryState }) {
  const { t } = useTranslation('notary');
  const [error, progress, sending, onFile] = useUnit([$transferError, $transferProgress, $transferSending, transferFileChosen]);
  const { transfer, bank } = state;
  const waiting = transfer.status === NOTARY_TRANSFER.waiting;
  return (
    <div className="notary-transfer" data-testid="notary-transfer">
      <dl className="notary-wizard__facts notary-wizard__facts--bank">
        <div>
          <dt>{t('wizard.transfer.accountName')}</dt>
          <dd>{bank.accountName}</dd>
        </div>
        <div>
          <dt>{t('wizard.transfer.bankName')}</dt>
          <dd>{bank.bankName}</dd>
        </div>
        <div>
          <dt>{t('wizard.transfer.accountNo')}</dt>
          <dd className="notary-wizard__number">{bank.accountNo}</dd>
        </div>
        <div>
          <dt>{t('wizard.transfer.amount')}</dt>
          <dd className="notary-wizard__money" data-testid="notary-transfer-amount">
            {t('wizard.transfer.yuan', { amount: state.order.money })}
          </dd>
        </div>
      </dl>
      {transfer.status === NOTARY_TRANSFER.rejected ? (
        <p className="notary-wizard__warning" role="alert">
          {t('wizard.transfer.rejected', { reason: transfer.rejectReason })}
        </p>
      ) : null}
      {waiting ? (
        <div className="notary-transfer__waiting" role="status">
          <img className="notary-transfer__thumb" src={transfer.imageUrl} alt={t('wizard.transfer.imageAlt')} />
          <p className="notary-wizard__text">{t('wizard.transfer.waiting', { time: transfer.submittedAt })}</p>
        </div>
      ) : (
        <>
          <p className="notary-wizard__text">{t('wizard.transfer.note')}</p>
          <div className="notary-transfer__upload">
            <label className="notary-transfer__label" htmlFor="notary-transfer-file">
              {t('wizard.transfer.upload')}
            </label>
            <input
              id="notary-transfer-file"
              className="notary-transfer__file"
              type="file"
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              disabled={sending}
              aria-describedby="notary-transfer-hint notary-transfer-error"
              aria-invalid={Boolean(error)}
              onChange={(event) => {
                const picked = event.target.files?.[0];
                // The same file may be picked again after a refusal.
                event.target.value = '';
                if (picked) onFile(picked);
              }}
            />
            <p id="notary-transfer-hint" className="notary-transfer__hint">
              {t('wizard.transfer.hint')}
            </p>
            {progress !== null ? <Progress percent={progress} showInfo aria-label={t('wizard.transfer.progress')} /> : null}
            <div id="notary-transfer-error" className="notary-transfer__error" aria-live="polite">
              {error}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** Step 4 with points: the payment order and the balance. */
function PointsPanel() {
  const { t } = useTranslation('notary');
  const [payment, insufficient, busy, onPay] = useUnit([$payment, $insufficient, $busy, payClicked]);
  if (!payment) {
    return (
      <div aria-busy="true">
        <p>{t('list.loading')}</p>
      </div>
    );
  }
  return (
    <>
      <dl className="notary-wizard__facts notary-wizard__facts--pay" data-testid="notary-pay-facts">
        <div>
          <dt>{t('wizard.pay.payOrderNo')}</dt>
          <dd className="notary-wizard__number">{payment.proOrderNo}</dd>
        </div>
        <div>
          <dt>{t('wizard.pay.records')}</dt>
          <dd>{payment.number}</dd>
        </div>
        <div>
          <dt>{t('wizard.pay.price')}</dt>
          <dd>{t('wizard.pay.perRecord', { points: payment.price })}</dd>
        </div>
        <div>
          <dt>{t('wizard.pay.money')}</dt>
          <dd className="notary-wizard__money" data-testid="notary-pay-money">
            {formatAmount(payment.money)}
          </dd>
        </div>
        <div>
          <dt>{t('wizard.pay.balance')}</dt>
          <dd data-testid="notary-pay-balance">{formatAmount(payment.points)}</dd>
        </div>
      </dl>
      {insufficient ? (
        <p className="notary-wizard__warning" role="alert">
          <Trans t={t} i18nKey="wizard.pay.insufficient" components={{ buy: <Link to={paths.buyCredits} /> }} />
        </p>
      ) : null}
      <p className="notary-wizard__text">{t('wizard.pay.note')}</p>
      <div className="notary-wizard__actions">
        <Button theme="solid" type="primary" disabled={insufficient} loading={busy} onClick={onPay}>
          {t('wizard.pay.submit', { points: payment.money })}
        </Button>
      </div>
    </>
  );
}

export function PayStep({ state }: { state: NotaryState }) {
  const { t } = useTranslation('notary');
  const [method, onMethod] = useUnit([$payMethod, payMethodChosen]);
  // The method is fixed while the office has a transfer to confirm.
  const locked = state.transfer.status === NOTARY_TRANSFER.waiting;
  return (
    <div className="notary-wizard__step">
      <h2 className="notary-wizard__subtitle">{t('wizard.pay.title')}</h2>
      <fieldset className="notary-transfer__methods">
        <legend className="notary-transfer__legend">{t('wizard.pay.method')}</legend>
        <RadioGroup
          type="button"
          value={method}
          disabled={locked}
          onChange={(event) => onMethod(event.target.value === 'transfer' ? 'transfer' : 'points')}
          aria-label={t('wizard.pay.method')}
        >
          <Radio value="points">{t('wizard.pay.methodPoints')}</Radio>
          <Radio value="transfer">{t('wizard.pay.methodTransfer')}</Radio>
        </RadioGroup>
      </fieldset>
      {method === 'transfer' ? <TransferPanel state={state} /> : <PointsPanel />}
    </div>
  );
}
