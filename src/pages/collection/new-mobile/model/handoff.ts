import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import type { z } from 'zod';
import type { handoffResponse } from '@contracts';
import { createCountdown } from '@/shared/lib/countdown';
import { createHandoffFx } from '@/features/handoff-sign-in';

type Handoff = z.infer<typeof handoffResponse>;

/** Mounted with the desktop's QR code: asks for a code, and a new one each time the last one expires. */
export const HandoffGate = createGate();
export const retryClicked = createEvent();

export const $handoff = createStore<Handoff | null>(null, { serialize: 'ignore' });
export const $failed = createStore(false);
export const $loading = createHandoffFx.pending;
const countdown = createCountdown();
/** Seconds the shown code still lives. */
export const $secondsLeft = countdown.$remaining;

const expired = sample({ clock: countdown.$remaining.updates, source: HandoffGate.status, filter: (open, left) => open && left === 0 });
sample({ clock: [HandoffGate.open, retryClicked, expired], target: createHandoffFx });
$handoff.on(createHandoffFx.doneData, (_, answer) => answer).reset([HandoffGate.close, createHandoffFx.fail]);
$failed.on(createHandoffFx.fail, () => true).reset([createHandoffFx, HandoffGate.close]);
sample({ clock: createHandoffFx.doneData, fn: ({ ttl }) => ttl, target: countdown.started });
sample({ clock: HandoffGate.close, target: countdown.stopped });
