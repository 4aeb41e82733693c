import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import type { CaptchaModel } from '../model/captcha';
import './captcha-image.css';

/** The captcha picture as a button: a click (or Enter/Space) fetches a new one. */
export function CaptchaImage({ captcha }: { captcha: CaptchaModel }) {
  const { t } = useTranslation('auth');
  const [image, loading, refreshed] = useUnit([captcha.$image, captcha.$loading, captcha.captchaRefreshed]);
  return (
    <button type="button" className="captcha-image" title={t('captcha.refresh')} aria-busy={loading} onClick={() => refreshed()}>
      {image ? (
        <img src={image} alt={t('captcha.alt')} width={112} height={40} />
      ) : (
        <span className="captcha-image__placeholder">{loading ? t('captcha.loading') : t('captcha.retry')}</span>
      )}
    </button>
  );
}
