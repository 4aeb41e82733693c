import { useTranslation } from '@/shared/i18n';

/**
 * Shown when a page chunk fails to load (a deploy replaced it, or the network dropped). A plain button:
 * this component is part of the entry chunk, which must not pull in Semi.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <div className="route-error" role="alert">
      <p>{t('routeError.text')}</p>
      <button type="button" className="route-error__reload" onClick={() => globalThis.location.reload()}>
        {t('routeError.reload')}
      </button>
    </div>
  );
}
