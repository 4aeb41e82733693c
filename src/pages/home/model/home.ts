import { sample } from 'effector';
import { createGate } from 'effector-react';
import { noticeQuery } from '../api/notice';

export const HomeGate = createGate();

sample({ clock: HomeGate.open, target: noticeQuery.refresh });

/** A failed call leaves the list empty (spec section 8). */
export const $notices = noticeQuery.$data.map((data) => data?.list ?? []);
export const $noticesPending = noticeQuery.$pending;
