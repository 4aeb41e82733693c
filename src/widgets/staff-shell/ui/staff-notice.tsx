import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { $staffRole, homeOf } from '@/entities/staff-member';

/** Stands in for a page the role may not use (the server refuses its calls too), or one the console has not. */
export function StaffNotice({ kind }: { kind: 'noAccess' | 'notFound' }) {
  const { t } = useTranslation('staff-console');
  const role = useUnit($staffRole);
  return (
    <section className="staff-notice" aria-labelledby="staff-notice-title" data-testid={`staff-${kind}`}>
      <h1 id="staff-notice-title" className="staff-notice__title">
        {t(kind === 'noAccess' ? 'shell.noAccessTitle' : 'shell.notFoundTitle')}
      </h1>
      <p>{kind === 'noAccess' && role ? t('shell.noAccess', { role: t(`roles.${role}`) }) : t('shell.notFound')}</p>
      {role ? <Link to={homeOf(role)}>{t('shell.backHome')}</Link> : null}
    </section>
  );
}
