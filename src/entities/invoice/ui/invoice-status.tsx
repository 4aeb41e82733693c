import { useTranslation } from '@/shared/i18n';
import type { InvoiceStatusCode } from '@contracts';
import './invoice-status.css';

/**
 * An application's state in the product's words (spec section 4): the list and the detail word states 2 and 4
 * differently ("in progress" / "submitted to finance", "refused" / "not approved").
 */
export function InvoiceStatus({ status, wording }: { status: InvoiceStatusCode; wording: 'list' | 'detail' }) {
  const { t } = useTranslation('invoice');
  return (
    <span className={`invoice-status invoice-status--${status}`} data-testid="invoice-status">
      {wording === 'list' ? t(`listStatus.${status}`) : t(`detailStatus.${status}`)}
    </span>
  );
}
