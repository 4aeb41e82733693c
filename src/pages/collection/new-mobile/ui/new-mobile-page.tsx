import { Link } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { useMediaQuery } from '@/shared/lib/media';
import { paths } from '@/shared/routing';
import { MobileRecorder } from '@/features/record-mobile';
import { HandoffPanel } from './handoff-panel';
import './new-mobile-page.css';

/** A phone or tablet records here; a computer shows the QR code that brings the phone to this page. */
const usePhoneLayout = () => useMediaQuery('(max-width: 767px), (pointer: coarse)');

/** /newMobile: evidence recorded in the phone's browser and sent while it is recorded. */
export function NewMobilePage() {
  const { t } = useTranslation('capture');
  const phone = usePhoneLayout();
  return (
    <div className={`page new-mobile${phone ? ' new-mobile--phone' : ''}`}>
      <h1 className="collection-page-title">{t('newMobile.title')}</h1>
      <p className="new-mobile__intro">{t('newMobile.intro')}</p>
      {phone ? (
        <>
          <MobileRecorder />
          <Link className="new-mobile__link new-mobile__list" to={paths.evidencesMobileList}>
            {t('newMobile.toList')}
          </Link>
        </>
      ) : (
        <HandoffPanel />
      )}
    </div>
  );
}
