import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { $staffPages } from '@/entities/staff-member';

/** The console's side navigation: only the pages the signed-in role may use (a strip along the top on a phone). */
export function StaffNav() {
  const { t } = useTranslation('staff-console');
  const pages = useUnit($staffPages);
  return (
    <nav className="staff-nav" aria-label={t('shell.navLabel')}>
      <ul className="staff-nav__list">
        {pages.map((page) => (
          <li key={page.key}>
            <NavLink to={page.path} className={({ isActive }) => `staff-nav__link${isActive ? ' staff-nav__link--active' : ''}`}>
              {t(`shell.pages.${page.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
