import { createEvent, sample } from 'effector';
import { createGate } from 'effector-react';
import { noticeQuery } from '../api/notice';

export const HomeGate = createGate();
export const noticesRetried = createEvent();

sample({ clock: HomeGate.open, target: noticeQuery.refresh });
sample({ clock: noticesRetried, target: noticeQuery.start });

/** A failed call leaves the list empty (spec section 8); the section says so and offers a retry. */
export const $notices = noticeQuery.$data.map((data) => data?.list ?? []);
export const $noticesPending = noticeQuery.$pending;
export const $noticesFailed = noticeQuery.$failed;
