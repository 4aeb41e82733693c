import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { weChatPayUrlRules } from '@/shared/config';
import { allowedProviderUrl } from '@/shared/lib/url';
import { paths } from '@/shared/routing';
import { QrCode } from '@/shared/ui/qr-code';
import { $outcome, WeChatPayGate } from '../model/wechat-pay';
import './wechat-pay-page.css';

/**
 * `/weChat/{orderNo}?url=&money=` (public): the QR code of WeChat's payment link and the amount; for the
 * signed-in owner it asks every 3 s whether it is paid, anyone else is told to check the order history after signing in.
 */
export function WeChatPayPage() {
  const { t } = useTranslation('orders');
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const given = search.get('url') ?? '';
  // Only WeChat's payment link (or the sandbox scan page) becomes a QR code; anything else is refused.
  const url = allowedProviderUrl(given, weChatPayUrlRules, window.location.origin) ?? '';
  const money = Number(search.get('money') ?? '0');
  useGate(WeChatPayGate, { orderNo: orderId });
  const outcome = useUnit($outcome);
  const opensHere = /^https?:\/\//.test(url);

  return (
    <div className="page wechat-pay">
      <section className="wechat-pay__card" aria-labelledby="wechat-pay-title">
        <h1 id="wechat-pay-title" className="wechat-pay__title">
          {t('wechat.title')}
        </h1>
        <p className="wechat-pay__amount">
          {t('wechat.amount')}
          <strong data-testid="wechat-money">{t('wechat.yuan', { money: Number.isFinite(money) ? money : 0 })}</strong>
        </p>
        <p className="wechat-pay__order">{t('wechat.orderNo', { orderNo: orderId })}</p>
        {url ? (
          <div className="wechat-pay__qr" data-testid="wechat-qr">
            <QrCode value={url} label={t('wechat.qrLabel')} size={200} />
          </div>
        ) : (
          <p className="wechat-pay__refused" role="alert" data-testid="wechat-url-refused">
            {given ? t('wechat.badUrl') : t('wechat.noUrl')}
          </p>
        )}
        {outcome === 'waiting' && url ? (
          <p className="wechat-pay__hint" role="status">
            {t('wechat.hint')}
          </p>
        ) : null}
        {outcome === 'paid' ? (
          <p className="wechat-pay__done" role="status">
            {t('wechat.paid')}
          </p>
        ) : null}
        {outcome === 'closed' ? (
          <p className="wechat-pay__closed" role="alert">
            {t('wechat.closed')}
          </p>
        ) : null}
        {outcome === 'signedOut' || outcome === 'unknown' ? (
          <p className="wechat-pay__hint" role="status" data-testid="wechat-check-orders">
            {outcome === 'signedOut' ? t('wechat.signInToCheck') : t('wechat.notYours')}
          </p>
        ) : null}
        {opensHere ? (
          <p className="wechat-pay__sandbox">
            <a href={url} target="_blank" rel="noopener noreferrer" data-testid="wechat-open-url">
              {t('wechat.openUrl')}
            </a>
          </p>
        ) : null}
        <p className="wechat-pay__links">
          <Link to={paths.orders}>{t('wechat.toOrders')}</Link>
          <Link to={paths.buyCredits}>{t('wechat.back')}</Link>
        </p>
      </section>
    </div>
  );
}
