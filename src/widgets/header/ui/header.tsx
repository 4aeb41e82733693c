import { IconBell, IconMenu } from '@/shared/ui/icons';
import { useGate, useUnit } from 'effector-react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { Dialog } from '@/shared/ui/dialog';
import { $accountName, $certificationInfoPath, $isAuthorized, $pointsText, $unreadBadge, $verification } from '@/entities/session';
import { $accountMenuOpen, $bannerTitle, $menuOpen, accountMenuToggled, HeaderGate, linkChosen, menuToggled } from '../model/header';
import { logoutClicked } from '../model/logout';
import { LanguageSwitch } from '@/features/switch-language';
import { AccountMenu } from './account-menu';
import './header.css';

const MENU = [
  { to: paths.dataPreservation, key: 'dataPreservation' },
  { to: paths.evidenceCollection, key: 'evidenceCollection' },
  { to: paths.notary, key: 'notary' },
] as const;

/** The notarisation wizard lives under /attestation-all (spec section 2) but belongs to 'my notarisation'. */
const isWizard = (pathname: string) => pathname.startsWith(`${paths.readingMaterial}/`) || pathname === paths.readingMaterial;

function useAccountLinks(): { to: string; key: SubKeys<'common', 'header.account'> }[] {
  const certificationPath = useUnit($certificationInfoPath);
  return [
    { to: paths.setting, key: 'setting' as const },
    ...(certificationPath ? [{ to: certificationPath, key: 'certification' as const }] : []),
    { to: paths.notifications, key: 'notifications' as const },
    { to: paths.signature, key: 'signature' as const },
    { to: paths.orders, key: 'orders' as const },
    { to: paths.invoice, key: 'invoice' as const },
    { to: paths.address, key: 'address' as const },
  ];
}

/** Spec section 2 "Page header": menu, help, bell, points, account name and dropdown, banners. */
export function Header() {
  useGate(HeaderGate);
  const { t } = useTranslation('common');
  const [authorized, accountName, points, badge, verification, bannerTitle, menuOpen, accountOpen] = useUnit([
    $isAuthorized,
    $accountName,
    $pointsText,
    $unreadBadge,
    $verification,
    $bannerTitle,
    $menuOpen,
    $accountMenuOpen,
  ]);
  const [onLink, onToggle, onAccountToggle, onLogout] = useUnit([linkChosen, menuToggled, accountMenuToggled, logoutClicked]);
  const accountLinks = useAccountLinks();
  const { pathname } = useLocation();
  const badgeText = badge.overflow ? `${badge.count}+` : String(badge.count);
  const accountEntries = [
    ...accountLinks.map((item) => ({ key: item.key, label: t(`header.account.${item.key}`), onSelect: () => onLink(item.to) })),
    { key: 'logout', label: t('header.account.logout'), separated: true, onSelect: () => onLogout() },
  ];

  return (
    <header className={`site-header${authorized ? ' site-header--signed-in' : ''}`}>
      <div className="site-header__bar">
        <Link to={paths.home} className="site-header__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('brand')}</span>
        </Link>
        <nav className="site-header__menu" aria-label={t('header.menuLabel')}>
          {MENU.map((item) => (
            <NavLink
              key={item.key}
              to={item.to}
              className={({ isActive }) =>
                `site-header__menu-link${(isWizard(pathname) ? item.key === 'notary' : isActive) ? ' active' : ''}`
              }
              aria-current={isWizard(pathname) && item.key !== 'notary' ? 'false' : 'page'}
            >
              {t(`header.menu.${item.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="site-header__right">
          <LanguageSwitch className="site-header__language" />
          <Link to={paths.helpCenter} className="site-header__help">
            {t('header.help')}
          </Link>
          {authorized ? (
            <>
              <Link
                to={paths.notifications}
                className="site-header__bell"
                aria-label={t('header.unread', { badge: badgeText })}
                data-testid="header-bell"
              >
                <IconBell size="large" />
                {badge.count > 0 ? (
                  <span className="site-header__badge" data-testid="header-badge">
                    {badgeText}
                  </span>
                ) : null}
              </Link>
              <span className="site-header__points" data-testid="header-points">
                {t('header.points')}
                <strong>{points}</strong>
                <Link to={paths.buyCredits} className="site-header__recharge">
                  {t('header.buyCredits')}
                </Link>
              </span>
              <AccountMenu label={accountName} entries={accountEntries} open={accountOpen} onOpenChange={onAccountToggle} />
            </>
          ) : (
            <span className="site-header__auth">
              <Link to={paths.login}>{t('header.login')}</Link>
              <Link to={paths.register} className="site-header__register">
                {t('header.register')}
              </Link>
            </span>
          )}
          <button
            type="button"
            className="site-header__burger"
            aria-label={t('header.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => onToggle(true)}
          >
            <IconMenu size="large" />
            {authorized && badge.count > 0 ? <span className="site-header__dot" aria-hidden="true" /> : null}
          </button>
        </div>
      </div>
      {verification?.showBanner ? (
        <div className="site-header__verify" role="status">
          <span>{t(`verification.banner.${verification.label}`)}</span>
          <Link to={verification.link}>{t(`verification.action.${verification.label}`)}</Link>
        </div>
      ) : null}
      {bannerTitle ? (
        <div className="site-header__banner" role="note">
          {bannerTitle}
        </div>
      ) : null}
      {/* The phone-width menu: a modal dialog sliding in from the right (focus trap and Escape from the browser). */}
      <Dialog title={t('brand')} closeLabel={t('header.closeMenu')} open={menuOpen} onClose={() => onToggle(false)} className="side-menu">
        <nav className="site-header__sheet-nav" aria-label={t('header.menuLabel')}>
          {authorized ? (
            <div className="site-header__sheet-account">
              <strong>{accountName}</strong>
              <span>
                {t('header.points')}
                {points}
              </span>
              <Link to={paths.buyCredits} onClick={() => onToggle(false)}>
                {t('header.buyCredits')}
              </Link>
            </div>
          ) : null}
          {MENU.map((item) => (
            <button type="button" key={item.key} onClick={() => onLink(item.to)}>
              {t(`header.menu.${item.key}`)}
            </button>
          ))}
          <button type="button" onClick={() => onLink(paths.helpCenter)}>
            {t('header.help')}
          </button>
          <LanguageSwitch className="site-header__sheet-language" />
          {authorized ? (
            <>
              {accountLinks.map((item) => (
                <button type="button" key={item.key} onClick={() => onLink(item.to)}>
                  {t(`header.account.${item.key}`)}
                  {item.key === 'notifications' && badge.count > 0 ? ` (${badgeText})` : ''}
                </button>
              ))}
              <button type="button" onClick={() => onLogout()}>
                {t('header.account.logout')}
              </button>
            </>
          ) : (
            <>
              <button type="button" onClick={() => onLink(paths.login)}>
                {t('header.login')}
              </button>
              <button type="button" onClick={() => onLink(paths.register)}>
                {t('header.register')}
              </button>
            </>
          )}
        </nav>
      </Dialog>
    </header>
  );
}
