import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { NavLink, useLocation } from 'react-router-dom';
import { $staffPages } from '@/entities/staff-member';

/**
 * The console's side navigation: only the pages the signed-in role may use. On a phone it folds behind a menu
 * button (closed again after each navigation); at 768 px and wider the button is hidden and the list shown.
 */
export function StaffNav() {
  const { t } = useTranslation('staff-console');
  const pages = useUnit($staffPages);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  return (
    <nav className={`staff-nav${open ? ' staff-nav--open' : ''}`} aria-label={t('shell.navLabel')}>
      <button
        type="button"
        className="staff-nav__toggle"
        aria-expanded={open}
        aria-controls="staff-nav-list"
        onClick={() => setOpen(!open)}
      >
        {t('shell.menu')}
      </button>
      <ul className="staff-nav__list" id="staff-nav-list">
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
