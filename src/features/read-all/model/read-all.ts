import { createEvent, sample } from 'effector';
import { $user, userInfoRefreshRequested } from '@/entities/session';
import { readAllNewsMutation } from '../api/read-all';

/** The owner asks to mark every notification read. */
export const readAllClicked = createEvent();
/** Every notification was marked read: lists showing them reload. */
export const allRead = createEvent();

/** Unread anywhere (not only on one page of the list): the session's count, refreshed after every change. */
export const $hasUnread = $user.map((user) => (user?.newsNum ?? 0) > 0);
export const $readAllPending = readAllNewsMutation.$pending;

sample({ clock: readAllClicked, target: readAllNewsMutation.start });
sample({ clock: readAllNewsMutation.finished.success, target: allRead });
// The header's unread count (the bell) follows.
sample({ clock: readAllNewsMutation.finished.success, target: userInfoRefreshRequested });
