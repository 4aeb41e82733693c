import { createEvent, sample } from 'effector';
import { createGate } from 'effector-react';
import { staffHomeQuery } from '../api/home';

/** `/staff/home`: what waits at each desk the signed-in role works, read each time the page is shown. */
export const StaffHomeGate = createGate();
export const retryClicked = createEvent();

export const $home = staffHomeQuery.$data;
export const $pending = staffHomeQuery.$pending;
export const $failed = staffHomeQuery.$failed;

sample({ clock: [StaffHomeGate.open, retryClicked], fn: () => undefined, target: staffHomeQuery.start });
