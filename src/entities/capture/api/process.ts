import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createEffect } from 'effector';
import { api } from '@/shared/api';
import { captureItemSchema, processFrameResponse, processInputResponse, processSessionSchema, type ProcessInput } from '@contracts';

export type StartBody = { url: string; title: string; label: string };

export const startSessionFx = api.post('/capture/process/start', (body: StartBody) => body);
/** POST /api/capture/process/start {url, title, label}: a recorded remote browser session. */
export const startSessionMutation = createMutation({ effect: startSessionFx, contract: zodContract(processSessionSchema) });

export const stopSessionFx = api.post('/capture/process/stop', (id: number) => ({ id }));
/** POST /api/capture/process/stop {id}: the recording ends and is encoded and preserved by a job. */
export const stopSessionMutation = createMutation({ effect: stopSessionFx, contract: zodContract(captureItemSchema) });

/** POST /api/capture/process/cancel {id}: the page is left, the session discarded (quiet: nobody is there to read it). */
export const cancelSessionFx = api.post('/capture/process/cancel', (id: number) => ({ id }), { quiet: true });

const frameRequestFx = api.get('/capture/process/frame', (query: { id: number; after: number }) => query, { quiet: true });
/** GET /api/capture/process/frame?id=&after=: the newest screen when newer than `after` (polled). */
export const frameFx = createEffect(async (query: { id: number; after: number }) =>
  processFrameResponse.parse(await frameRequestFx(query)),
);

const inputRequestFx = api.post('/capture/process/input', (input: ProcessInput) => input);
/**
 * POST /api/capture/process/input: one action in the remote browser. Sent one after another, in the
 * order the user made them (a click must not overtake the typing before it).
 */
let queue: Promise<unknown> = Promise.resolve();
export const sendInputFx = createEffect((input: ProcessInput) => {
  const next = queue.then(() => inputRequestFx(input)).then((answer) => processInputResponse.parse(answer));
  queue = next.catch(() => undefined);
  return next;
});
