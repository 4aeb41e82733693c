export { readAllNewsFx } from './api/read-all';
export { $hasUnread, $readAllPending, allRead, readAllClicked } from './model/read-all';
export { ReadAllButton } from './ui/read-all-button';
