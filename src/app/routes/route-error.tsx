import { Button } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';

/** Shown when a page chunk fails to load (a deploy replaced it, or the network dropped). */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <div className="route-error" role="alert">
      <p>{t('routeError.text')}</p>
      <Button onClick={() => globalThis.location.reload()}>{t('routeError.reload')}</Button>
    </div>
  );
}
