import { attach, combine, createEvent, createStore, merge, sample } from 'effector';
import { createGate } from 'effector-react';
import { debounce, interval } from 'patronum';
import { processStartRequest, type CaptureItem, type ProcessInput, type ProcessSession } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import {
  cancelProcessSessionFx,
  captureItemQuery,
  capturePricesQuery,
  isOpenState,
  processFrameFx,
  sendProcessInputFx,
  startProcessSessionMutation,
  stopProcessSessionMutation,
} from '@/entities/capture';
import { isSpecialKey, toPagePoint } from '../lib/screen';

/** The screen is asked for this often while recording (the newest frame only, when there is one). */
export const FRAME_POLL_MS = 300;
/** Typed characters are sent together once typing pauses this long; wheel turns likewise. */
export const TYPING_PAUSE_MS = 400;
export const PROGRESS_POLL_MS = 2000;

export type Phase = 'form' | 'recording' | 'processing' | 'done' | 'failed';

export const NewProcessGate = createGate();

export const startForm = createForm({ schema: processStartRequest, initialValues: { url: 'https://', title: '', label: '' } });
export const $price = capturePricesQuery.$data.map((prices) => prices?.process ?? null);
sample({ clock: NewProcessGate.open, target: capturePricesQuery.refresh });

export const startClicked = createEvent();
export const stopClicked = createEvent();
export const againClicked = createEvent();
/** A click on the shown screen (element pixels and the element's shown size). */
export const screenClicked = createEvent<{ offsetX: number; offsetY: number; shownWidth: number; shownHeight: number }>();
export const screenScrolled = createEvent<{ offsetX: number; offsetY: number; shownWidth: number; shownHeight: number; deltaY: number }>();
/** A key pressed while the screen has the focus. */
export const keyPressed = createEvent<string>();
export const textDraftChanged = createEvent<string>();
export const textSent = createEvent();
export const addressDraftChanged = createEvent<string>();
export const addressSubmitted = createEvent();
export const backClicked = createEvent();

export const $session = createStore<ProcessSession | null>(null);
export const $phase = createStore<Phase>('form');
export const $frame = createStore<string | null>(null);
const $seq = createStore(0);
export const $elapsedMs = createStore(0);
export const $actions = createStore(0);
export const $result = createStore<CaptureItem | null>(null);
export const $textDraft = createStore('');
export const $addressDraft = createStore('');
export const $starting = startProcessSessionMutation.$pending;
export const $stopping = stopProcessSessionMutation.$pending;

// Start: validate, confirm the price, open the session.
sample({ clock: startClicked, target: startForm.submitted });
const confirmFx = attach({ effect: showConfirmFx });
sample({
  clock: startForm.validated,
  source: $price,
  fn: (price) => ({
    title: translate('capture:newProcess.confirmTitle'),
    content: translate('capture:newProcess.confirmContent', { price: price ?? 0 }),
    okText: translate('capture:newProcess.confirmOk'),
    cancelText: translate('capture:newProcess.confirmCancel'),
  }),
  target: confirmFx,
});
sample({
  clock: confirmFx.done,
  source: startForm.$values,
  filter: (_, { result }) => result,
  fn: (values) => ({ url: values.url.trim(), title: values.title.trim(), label: values.label.trim() }),
  target: startProcessSessionMutation.start,
});
$session.on(startProcessSessionMutation.finished.success, (_, { result }) => result);
$phase.on(startProcessSessionMutation.finished.success, () => 'recording');
sample({
  clock: startProcessSessionMutation.finished.success,
  source: startForm.$values,
  fn: (values) => values.url.trim(),
  target: $addressDraft,
});

// The live screen: the newest frame, the elapsed time and the count of actions, from the server.
const recordingStopped = sample({ clock: $phase.updates, filter: (phase) => phase !== 'recording' });
const framePoll = interval({
  timeout: FRAME_POLL_MS,
  start: startProcessSessionMutation.finished.success,
  stop: merge([recordingStopped, NewProcessGate.close]),
});
sample({
  clock: [startProcessSessionMutation.finished.success, framePoll.tick],
  source: { session: $session, seq: $seq, phase: $phase, pending: processFrameFx.pending },
  filter: ({ session, phase, pending }) => session !== null && phase === 'recording' && !pending,
  fn: ({ session, seq }) => ({ id: session?.id ?? 0, after: seq }),
  target: processFrameFx,
});
$frame.on(processFrameFx.doneData, (frame, answer) => answer.frame ?? frame);
$seq.on(processFrameFx.doneData, (seq, answer) => answer.seq ?? seq);
$elapsedMs.on(processFrameFx.doneData, (_, answer) => answer.elapsedMs);
$actions.on(processFrameFx.doneData, (_, answer) => answer.actions).on(sendProcessInputFx.doneData, (_, answer) => answer.actions);
// The session ended on the server (its maximum length): follow its processing like a stop.
const endedElsewhere = sample({
  clock: processFrameFx.doneData,
  source: $phase,
  filter: (phase, answer) => phase === 'recording' && answer.state !== 'recording',
  fn: (_, answer) => answer,
});
$phase.on(endedElsewhere, (_, answer) => (answer.state === 'failed' ? 'failed' : 'processing'));

// The user's actions, in page pixels of the remote screen.
sample({
  clock: screenClicked,
  source: $session,
  filter: Boolean,
  fn: (session, point): ProcessInput => ({ id: session.id, type: 'click', ...toPagePoint(point, session) }),
  target: sendProcessInputFx,
});
// Wheel turns are added up and sent as one scroll once the wheel rests.
const $scrollSum = createStore(0);
const scrollAdded = sample({ clock: screenScrolled, source: $scrollSum, fn: (sum, point) => ({ ...point, deltaY: sum + point.deltaY }) });
$scrollSum.on(scrollAdded, (_, point) => point.deltaY);
const scrolled = debounce({ source: scrollAdded, timeout: 150 });
$scrollSum.reset(scrolled);
sample({
  clock: scrolled,
  source: $session,
  filter: Boolean,
  fn: (session, point): ProcessInput => ({
    id: session.id,
    type: 'scroll',
    ...toPagePoint(point, session),
    deltaY: Math.round(point.deltaY),
  }),
  target: sendProcessInputFx,
});
// Printable keys are gathered and sent as text when typing pauses; special keys go at once (after that text).
const $typed = createStore('');
const typedChar = sample({ clock: keyPressed, filter: (key) => [...key].length === 1 });
const specialKey = sample({ clock: keyPressed, filter: isSpecialKey });
$typed.on(typedChar, (typed, key) => typed + key);
const typingPaused = debounce({ source: typedChar, timeout: TYPING_PAUSE_MS });
const flushTyped = sample({ clock: [typingPaused, specialKey], source: $typed, filter: (typed) => typed.length > 0 });
$typed.reset(flushTyped);
sample({
  clock: flushTyped,
  source: $session,
  filter: Boolean,
  fn: (session, text): ProcessInput => ({ id: session.id, type: 'text', text }),
  target: sendProcessInputFx,
});
sample({
  clock: specialKey,
  source: $session,
  filter: Boolean,
  fn: (session, key): ProcessInput => ({ id: session.id, type: 'key', key }),
  target: sendProcessInputFx,
});
$textDraft.on(textDraftChanged, (_, text) => text).reset(textSent);
sample({
  clock: textSent,
  source: { session: $session, text: $textDraft },
  filter: ({ session, text }) => session !== null && text.length > 0,
  fn: ({ session, text }): ProcessInput => ({ id: session?.id ?? 0, type: 'text', text: text.slice(0, 500) }),
  target: sendProcessInputFx,
});
$addressDraft.on(addressDraftChanged, (_, text) => text);
sample({
  clock: addressSubmitted,
  source: { session: $session, url: $addressDraft },
  filter: ({ session, url }) => session !== null && /^https?:\/\/\S+$/.test(url.trim()),
  fn: ({ session, url }): ProcessInput => ({ id: session?.id ?? 0, type: 'navigate', url: url.trim() }),
  target: sendProcessInputFx,
});
sample({
  clock: addressSubmitted,
  source: $addressDraft,
  filter: (url) => !/^https?:\/\/\S+$/.test(url.trim()),
  fn: () => ({ type: 'warning' as const, text: translate('validation:urlInvalid') }),
  target: showToastFx,
});
sample({
  clock: backClicked,
  source: $session,
  filter: Boolean,
  fn: (session): ProcessInput => ({ id: session.id, type: 'back' }),
  target: sendProcessInputFx,
});

// Stop: the recording is encoded and preserved; its progress is followed here.
sample({ clock: stopClicked, source: $session, filter: Boolean, fn: (session) => session.id, target: stopProcessSessionMutation.start });
$phase.on(stopProcessSessionMutation.finished.success, () => 'processing');
$result
  .on(stopProcessSessionMutation.finished.success, (_, { result }) => result)
  .on(captureItemQuery.finished.success, (_, { result }) => result);
const processingStarted = sample({ clock: $phase.updates, filter: (phase) => phase === 'processing' });
const settled = sample({ clock: captureItemQuery.finished.success, filter: ({ result }) => !isOpenState(result.state) });
$phase.on(settled, (_, { result }) => (result.state === 'done' ? 'done' : 'failed'));
const progressPoll = interval({ timeout: PROGRESS_POLL_MS, start: processingStarted, stop: merge([settled, NewProcessGate.close]) });
sample({
  clock: [processingStarted, progressPoll.tick],
  source: $session,
  filter: Boolean,
  fn: (session) => session.id,
  target: captureItemQuery.start,
});

// Leaving the page while recording discards the session (nothing is preserved or charged). The page's
// state is read before it is reset: the reset below follows this event, not the gate.
const pageLeft = sample({ clock: NewProcessGate.close, source: { session: $session, phase: $phase } });
sample({
  clock: pageLeft,
  filter: ({ session, phase }) => session !== null && phase === 'recording',
  fn: ({ session }) => session?.id ?? 0,
  target: cancelProcessSessionFx,
});

const reset = merge([pageLeft, againClicked]);
$session.reset(reset);
$frame.reset(reset);
$seq.reset(reset);
$elapsedMs.reset(reset);
$actions.reset(reset);
$result.reset(reset);
$textDraft.reset(reset);
$addressDraft.reset(reset);
$typed.reset(reset);
$scrollSum.reset(reset);
$phase.reset(reset);
sample({ clock: reset, target: startForm.reset });

export const $canStop = combine($phase, $stopping, (phase, stopping) => phase === 'recording' && !stopping);
