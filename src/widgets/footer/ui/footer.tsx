import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { siteFiling } from '@/shared/config';
import { paths } from '@/shared/routing';
import { LanguageSwitch } from '@/features/switch-language';
import './footer.css';

/** Spec section 2: site-filing number, public-security filing number, technical support, copyright holder. */
export function Footer() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <nav className="site-footer__links" aria-label={t('footer.linksLabel')}>
        <Link to={paths.helpCenter}>{t('footer.help')}</Link>
        <Link to={paths.clause}>{t('footer.clause')}</Link>
        <Link to={paths.userAgreement}>{t('footer.agreement')}</Link>
        <Link to={paths.privacy}>{t('footer.privacy')}</Link>
        <Link to={paths.appDownload}>{t('footer.app')}</Link>
        <LanguageSwitch />
      </nav>
      <p>
        {t('footer.copyright', { year })}
        <span className="site-footer__sep" aria-hidden="true">
          |
        </span>
        {t('footer.support')}
      </p>
      <p>
        <a href={siteFiling.icpLink} target="_blank" rel="noreferrer noopener">
          {siteFiling.icp ?? t('footer.icp')}
        </a>
        <span className="site-footer__sep" aria-hidden="true">
          |
        </span>
        <a href={siteFiling.policeLink} target="_blank" rel="noreferrer noopener">
          {siteFiling.police ?? t('footer.police')}
        </a>
      </p>
    </footer>
  );
}
