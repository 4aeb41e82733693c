import type { NotificationSubject } from '@contracts';
import { paths } from '@/shared/routing';

/**
 * The page of what a notification is about (spec section 2 routes): an order -> /orders, an invoice
 * application -> /invoice/details?id=, the identity verification -> its
 * status page (/kyc-info for an organisation, /person-info for a person), a notary order ->
 * /notary/detail?orderId= (back to /notifications), a preserved record -> its certificate /attestation/{baoquan},
 * a copy of one's personal data -> its section of /setting.
 */
export function subjectHref(subject: NotificationSubject | null): string | null {
  if (!subject) return null;
  switch (subject.kind) {
    case 'order':
      return paths.orders;
    case 'invoice':
      return `${paths.invoiceDetails}?${new URLSearchParams({ id: subject.ref }).toString()}`;
    case 'verification':
      return subject.ref === 'organization' ? paths.kycInfo : paths.personInfo;
    case 'notary':
      return `${paths.notaryDetail}?${new URLSearchParams({ orderId: subject.ref, goBackUrl: paths.notifications }).toString()}`;
    case 'evidence':
      return `${paths.attestation}/${encodeURIComponent(subject.ref)}`;
    case 'personalData':
      return `${paths.setting}#personal-data`;
    default:
      return null;
  }
}
