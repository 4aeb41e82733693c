import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '@/shared/ui';
import { StaffNotice, StaffShell } from '@/widgets/staff-shell';
import { $staffProfile, $staffProfileFailed, homeOf, mayUse, staffProfileRequested, type StaffPageKey } from '@/entities/staff-member';
import '../model/staff-session';
import { useRouteHandles } from './app-router';
import type { StaffRouteHandle } from './staff-route-handle';

const pageOf = (handles: readonly unknown[]): StaffPageKey | null => {
  for (let index = handles.length - 1; index >= 0; index -= 1) {
    const handle = handles[index] as StaffRouteHandle | undefined;
    if (handle?.staffPage) return handle.staffPage;
  }
  return null;
};

/**
 * The staff console's layout (its own chunk): asks who is signed in, then shows the console's bar and the
 * role's navigation around the page, or a notice where the role may not use the page.
 */
export function StaffLayout() {
  const { t } = useTranslation('staff-console');
  const [profile, failed, request] = useUnit([$staffProfile, $staffProfileFailed, staffProfileRequested]);
  const page = pageOf(useRouteHandles());
  useEffect(() => {
    request();
  }, [request]);

  if (!profile) {
    return failed ? (
      <div className="route-error" role="alert">
        <p>{t('shell.loadFailed')}</p>
        <Button onClick={request}>{t('shell.retry')}</Button>
      </div>
    ) : (
      <PageLoader />
    );
  }
  return (
    <StaffShell>
      {page && !mayUse(profile.role, page) ? (
        <StaffNotice kind="noAccess" />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      )}
    </StaffShell>
  );
}

/** `/staff`: the role's first page. */
export function StaffHome() {
  const profile = useUnit($staffProfile);
  return profile ? <Navigate to={homeOf(profile.role)} replace /> : null;
}

export function StaffNotFound() {
  return <StaffNotice kind="notFound" />;
}
