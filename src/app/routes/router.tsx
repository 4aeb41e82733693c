import type { Scope } from 'effector';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { AuthLayout } from './auth-layout';
import { createAuthGuard } from './guard';
import { RouteError } from './route-error';


/** The route table; every page is its own lazily loaded chunk. */
export function createRouter(scope: Scope) {
  const requireAuth = createAuthGuard(scope);

  const routes: RouteObject[] = [
    { path: paths.root, element: <Navigate to={paths.home} replace /> },
    {
      element: <AuthLayout />,
      errorElement: <RouteError />,
      children: [
        { path: paths.login, lazy: async () => ({ Component: (await import('@/pages/login')).LoginPage }) },
        { path: paths.register, lazy: async () => ({ Component: (await import('@/pages/register')).RegisterPage }) },
        { path: paths.forgetPassword, lazy: async () => ({ Component: (await import('@/pages/forget-password')).ForgetPasswordPage }) },
      ],
    },
    {
      lazy: async () => ({ Component: (await import('./app-layout')).AppLayout }),
      errorElement: <RouteError />,
      children: [
        { path: paths.home, lazy: async () => ({ Component: (await import('@/pages/home')).HomePage }) },
        {
          loader: requireAuth,
          children: [{ path: paths.setting, lazy: async () => ({ Component: (await import('@/pages/setting')).SettingPage }) }],
        },
        { path: paths.notFound, lazy: async () => ({ Component: (await import('@/pages/not-found')).NotFoundPage }) },
        { path: '*', lazy: async () => ({ Component: (await import('@/pages/not-found')).NotFoundPage }) },
      ],
    },
  ];

  return createBrowserRouter(routes);
}
