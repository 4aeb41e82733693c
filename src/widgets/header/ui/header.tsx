import { IconBell, IconChevronDown, IconMenu } from '@douyinfe/semi-icons';
import { Badge, Button, Dropdown, SideSheet } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@/shared/routing';
import {
  $accountName,
  $certificationInfoPath,
  $isAuthorized,
  $pointsText,
  $unreadBadge,
  $verification,
} from '@/entities/session';
import { logoutClicked } from '../model/logout';
import { $bannerTitle, $menuOpen, HeaderGate, linkChosen, menuToggled } from '../model/header';
import './header.css';

const MENU = [
  { to: paths.dataPreservation, key: 'dataPreservation' },
  { to: paths.evidenceCollection, key: 'evidenceCollection' },
  { to: paths.notary, key: 'notary' },
] as const;

function useAccountLinks() {
  const certificationPath = useUnit($certificationInfoPath);
  return [
    { to: paths.setting, key: 'setting' },
    ...(certificationPath ? [{ to: certificationPath, key: 'certification' }] : []),
    { to: paths.notifications, key: 'notifications' },
    { to: paths.signature, key: 'signature' },
    { to: paths.orders, key: 'orders' },
    { to: paths.invoice, key: 'invoice' },
    { to: paths.address, key: 'address' },
  ];
}

export function Header() {
  useGate(HeaderGate);
  const { t } = useTranslation('common');
  const [authorized, accountName, points, badge, verification, bannerTitle, menuOpen] = useUnit([
    $isAuthorized,
    $accountName,
    $pointsText,
    $unreadBadge,
    $verification,
    $bannerTitle,
    $menuOpen,
  ]);
  const [onLink, onToggle, onLogout] = useUnit([linkChosen, menuToggled, logoutClicked]);
  const accountLinks = useAccountLinks();
  const badgeText = badge.overflow ? `${badge.count}+` : String(badge.count);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={paths.home} className="site-header__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('brand')}</span>
        </Link>
        <nav className="site-header__menu" aria-label={t('header.menuLabel')}>
          {MENU.map((item) => (
            <NavLink key={item.key} to={item.to} className="site-header__menu-link">
              {t(`header.menu.${item.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="site-header__right">
          <Link to={paths.helpCenter} className="site-header__help">
            {t('header.help')}
          </Link>
          {authorized ? (
            <>
              <Link
                to={paths.notifications}
                className="site-header__bell"
                aria-label={t('header.unread', { count: badgeText })}
                data-testid="header-bell"
              >
                {badge.count > 0 ? (
                  <Badge count={badgeText} type="danger">
                    <IconBell size="large" />
                  </Badge>
                ) : (
                  <IconBell size="large" />
                )}
              </Link>
              <span className="site-header__points" data-testid="header-points">
                {t('header.points')}
                <strong>{points}</strong>
              </span>
              <Dropdown
                trigger="click"
                position="bottomRight"
                render={
                  <Dropdown.Menu>
                    {accountLinks.map((item) => (
                      <Dropdown.Item key={item.key} onClick={() => onLink(item.to)}>
                        {t(`header.account.${item.key}`)}
                      </Dropdown.Item>
                    ))}
                    <Dropdown.Divider />
                    <Dropdown.Item onClick={() => onLogout()}>{t('header.account.logout')}</Dropdown.Item>
                  </Dropdown.Menu>
                }
              >
                <button type="button" className="site-header__account" data-testid="header-account">
                  <span className="site-header__account-name">{accountName}</span>
                  <IconChevronDown size="small" />
                </button>
              </Dropdown>
            </>
          ) : (
            <span className="site-header__auth">
              <Link to={paths.login}>{t('header.login')}</Link>
              <Link to={paths.register} className="site-header__register">
                {t('header.register')}
              </Link>
            </span>
          )}
          <Button
            className="site-header__burger"
            theme="borderless"
            icon={<IconMenu />}
            aria-label={t('header.openMenu')}
            onClick={() => onToggle(true)}
          />
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
      <SideSheet
        title={t('brand')}
        visible={menuOpen}
        onCancel={() => onToggle(false)}
        placement="right"
        width={280}
        closeOnEsc
        className="site-header__sheet"
      >
        <nav className="site-header__sheet-nav" aria-label={t('header.menuLabel')}>
          {MENU.map((item) => (
            <button type="button" key={item.key} onClick={() => onLink(item.to)}>
              {t(`header.menu.${item.key}`)}
            </button>
          ))}
          <button type="button" onClick={() => onLink(paths.helpCenter)}>
            {t('header.help')}
          </button>
          {authorized ? (
            <>
              <div className="site-header__sheet-account">
                <strong>{accountName}</strong>
                <span>
                  {t('header.points')}
                  {points}
                </span>
              </div>
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
      </SideSheet>
    </header>
  );
}
