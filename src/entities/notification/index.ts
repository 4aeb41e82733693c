export { deleteNewsFx, deleteNewsMutation, newsListingFx, newsListQuery, readNewsFx, readNewsMutation } from './api/notifications';
export { subjectHref } from './lib/subject-href';
export { NotificationRow } from './ui/notification-row';
export type { NotificationRowProps } from './ui/notification-row';
