import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { $signingOut, $staffProfile, staffSignOutClicked } from '@/entities/staff-member';

/** The console's bar: brand, who is signed in with which role, sign out. Not the user site's header. */
export function StaffHeader() {
  const { t } = useTranslation('staff-console');
  const { t: tc } = useTranslation('common');
  const [profile, signingOut, onSignOut] = useUnit([$staffProfile, $signingOut, staffSignOutClicked]);
  return (
    <header className="staff-header">
      <Link to={paths.staff} className="staff-header__brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{tc('brand')}</span>
        <span className="staff-header__console">{t('brand')}</span>
      </Link>
      {profile ? (
        <div className="staff-header__who">
          <span className="staff-header__name" data-testid="staff-who">
            <span className="visually-hidden">{t('shell.signedInAs', { name: profile.name, role: t(`roles.${profile.role}`) })}</span>
            <span aria-hidden="true">
              {profile.name}
              <span className={`staff-role staff-role--${profile.role}`}>{t(`roles.${profile.role}`)}</span>
            </span>
          </span>
          <button
            type="button"
            className="staff-header__signout"
            onClick={() => onSignOut()}
            disabled={signingOut}
            aria-busy={signingOut || undefined}
          >
            {t('shell.signOut')}
          </button>
        </div>
      ) : null}
    </header>
  );
}
