import { useTranslation } from '@/shared/i18n';
import './evidence-list.css';
import { NavLink } from 'react-router-dom';
import { paths } from '@/shared/routing';

/** The data preservation area's sections: data, app evidence, batch download. */
export function EvidenceSectionNav() {
  const { t } = useTranslation('evidence');
  const items = [
    { to: paths.attestationData, key: 'data' },
    { to: paths.attestationApp, key: 'app' },
    { to: paths.batchDownload, key: 'batch' },
  ] as const;
  return (
    <nav className="evidence-nav" aria-label={t('nav.label')}>
      {items.map((item) => (
        <NavLink
          key={item.key}
          to={item.to}
          end
          className={({ isActive }) => `evidence-nav__link${isActive ? ' evidence-nav__link--active' : ''}`}
        >
          {t(`nav.${item.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
