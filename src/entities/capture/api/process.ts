import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createEffect } from 'effector';
import { api } from '@/shared/api';
import { captureItemSchema, processFrameResponse, processInputResponse, processSessionSchema, type ProcessInput } from '@contracts';

export type ProcessStartBody = { url: string; title: string; label: string };

export const startProcessSessionFx = api.post('/capture/process/start', (body: ProcessStartBody) => body);
/** POST /api/capture/process/start {url, title, label}: a recorded remote browser session. */
export const startProcessSessionMutation = createMutation({ effect: startProcessSessionFx, contract: zodContract(processSessionSchema) });

export const stopProcessSessionFx = api.post('/capture/process/stop', (id: number) => ({ id }));
/** POST /api/capture/process/stop {id}: the recording ends and is encoded and preserved by a job. */
export const stopProcessSessionMutation = createMutation({ effect: stopProcessSessionFx, contract: zodContract(captureItemSchema) });

/** POST /api/capture/process/cancel {id}: the page is left, the session discarded (quiet: nobody is there to read it). */
export const cancelProcessSessionFx = api.post('/capture/process/cancel', (id: number) => ({ id }), { quiet: true });

const frameRequestFx = api.get('/capture/process/frame', (query: { id: number; after: number }) => query, { quiet: true });
/** GET /api/capture/process/frame?id=&after=: the newest screen when newer than `after` (polled). */
export const processFrameFx = createEffect(async (query: { id: number; after: number }) =>
  processFrameResponse.parse(await frameRequestFx(query)),
);

const inputRequestFx = api.post('/capture/process/input', (input: ProcessInput) => input);
/**
 * POST /api/capture/process/input: one action in the remote browser. Sent one after another, in the
 * order the user made them (a click must not overtake the typing before it).
 */
let queue: Promise<unknown> = Promise.resolve();
export const sendProcessInputFx = createEffect((input: ProcessInput) => {
  const next = queue.then(() => inputRequestFx(input)).then((answer) => processInputResponse.parse(answer));
  queue = next.catch(() => undefined);
  return next;
});
