import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { RECHARGE_MAX_POINTS, RECHARGE_MIN_POINTS, RECHARGE_PRESETS } from '@contracts';
import { paths } from '@/shared/routing';
import { $paying } from '@/features/pay-order';
import { $pointsText } from '@/entities/session';
import {
  $amount,
  $amountError,
  $gateway,
  $methods,
  $points,
  amountChanged,
  BuyCreditsGate,
  gatewayChosen,
  presetChosen,
  submitted,
} from '../model/buy-credits';
import './buy-credits-page.css';

/** `/buyCredits`: choose or type the points (1 yuan = 1 point), choose Alipay or WeChat Pay, pay. */
export function BuyCreditsPage() {
  useGate(BuyCreditsGate);
  const { t } = useTranslation('orders');
  const [amount, points, error, gateway, methods, paying, balance] = useUnit([
    $amount,
    $points,
    $amountError,
    $gateway,
    $methods,
    $paying,
    $pointsText,
  ]);
  const [onPreset, onAmount, onGateway, onSubmit] = useUnit([presetChosen, amountChanged, gatewayChosen, submitted]);

  return (
    <div className="page buy-credits">
      <h1 className="buy-credits__title">{t('buy.title')}</h1>
      <form
        className="buy-credits__card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <p className="buy-credits__balance">
          {t('buy.balance')}
          <strong>{balance}</strong>
          <Link to={paths.orders}>{t('buy.history')}</Link>
        </p>
        <fieldset className="buy-credits__group">
          <legend>{t('buy.presets')}</legend>
          <div className="buy-credits__presets">
            {RECHARGE_PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                className={`buy-credits__preset${amount === String(preset) ? ' buy-credits__preset--active' : ''}`}
                aria-pressed={amount === String(preset)}
                onClick={() => onPreset(preset)}
              >
                {t('buy.presetPoints', { points: preset })}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="buy-credits__group">
          <label htmlFor="buy-credits-amount">{t('buy.custom')}</label>
          <div className="buy-credits__amount">
            <input
              id="buy-credits-amount"
              className="buy-credits__input"
              inputMode="numeric"
              autoComplete="off"
              value={amount}
              aria-invalid={error}
              aria-describedby="buy-credits-amount-help"
              onChange={(event) => onAmount(event.target.value)}
            />
            <span>{t('buy.unit')}</span>
          </div>
          <p id="buy-credits-amount-help" className={error ? 'buy-credits__error' : 'buy-credits__help'} role={error ? 'alert' : undefined}>
            {error
              ? t('buy.amountError', { min: RECHARGE_MIN_POINTS, max: RECHARGE_MAX_POINTS })
              : t('buy.rate', { min: RECHARGE_MIN_POINTS, max: RECHARGE_MAX_POINTS })}
          </p>
        </div>
        <fieldset className="buy-credits__group">
          <legend>{t('buy.method')}</legend>
          <div className="buy-credits__methods">
            {methods.map((type) => (
              <label key={type} className={`buy-credits__method${gateway === type ? ' buy-credits__method--active' : ''}`}>
                <input type="radio" name="gateway" value={type} checked={gateway === type} onChange={() => onGateway(type)} />
                {t(type === 1 ? 'buy.alipay' : 'buy.wechat')}
              </label>
            ))}
            {methods.length === 0 && (
              <p className="buy-credits__error" role="alert">
                {t('buy.noMethod')}
              </p>
            )}
          </div>
        </fieldset>
        <div className="buy-credits__footer">
          <p className="buy-credits__due">
            {t('buy.due')}
            <strong data-testid="buy-credits-due">{t('wechat.yuan', { money: points ?? 0 })}</strong>
          </p>
          <Button htmlType="submit" theme="solid" type="primary" size="large" loading={paying} disabled={methods.length === 0}>
            {t('buy.submit')}
          </Button>
        </div>
        <p className="buy-credits__note">{t('buy.note')}</p>
      </form>
    </div>
  );
}
