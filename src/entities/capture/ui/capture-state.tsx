import { useTranslation } from '@/shared/i18n';
import type { CaptureItem } from '@contracts';
import './capture-state.css';

/** A capture's state as a coloured tag; a failure says why. */
export function CaptureStateTag({ item }: { item: Pick<CaptureItem, 'state' | 'reasonText' | 'ahead'> }) {
  const { t } = useTranslation('capture');
  return (
    <span className="capture-state-wrap" data-testid="capture-state">
      <span className={`capture-state capture-state--${item.state}`}>{t(`state.${item.state}`)}</span>
      {item.state === 'failed' && item.reasonText ? <span className="capture-state__reason">{item.reasonText}</span> : null}
      {item.state === 'queued' && item.ahead ? (
        <span className="capture-state__reason">{t('state.ahead', { count: item.ahead })}</span>
      ) : null}
    </span>
  );
}
