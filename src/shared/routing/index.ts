export { isStaffPath, paths } from './paths';
export { $location, $router, navigateFx, reloadPageFx, routeChanged, routerCreated } from './router';
export type { AppRouter, NavigateParams } from './router';
