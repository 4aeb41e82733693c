import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/routing';
import './new-access-card-page.css';

/** /newAccessCard: choose individual or organisation verification. */
export function NewAccessCardPage() {
  const { t } = useTranslation('kyc');
  return (
    <div className="page access-card">
      <h1 className="access-card__title">{t('choose.title')}</h1>
      <p className="access-card__intro">{t('choose.intro')}</p>
      <div className="access-card__cards">
        <Link className="access-card__card" to={paths.personageKyc}>
          <span className="access-card__name">{t('choose.person')}</span>
          <span className="access-card__text">{t('choose.personText')}</span>
        </Link>
        <Link className="access-card__card" to={paths.organizationKyc}>
          <span className="access-card__name">{t('choose.organization')}</span>
          <span className="access-card__text">{t('choose.organizationText')}</span>
        </Link>
      </div>
    </div>
  );
}
