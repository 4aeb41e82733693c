import { attach, combine, createEffect, createEvent, createStore, merge, sample, scopeBind } from 'effector';
import { createGate } from 'effector-react';
import { interval } from 'patronum';
import { captureItemSchema, mobileRecordingStartRequest, type MobileMediaKind, type MobileRecordingStatus } from '@contracts';
import { createForm } from '@/shared/lib/form';
import { captureItemFx, recordHref } from '@/entities/capture';
import { mobileRecordingStatusFx, sendPieceFx, startMobileRecordingFx, stopMobileRecordingFx } from '../api/recording';
import { askPosition, browserSources, collectDeviceFacts } from '../lib/device-facts';
import { openPieceStore } from '../lib/idb-piece-store';
import type { PieceStore } from '../lib/piece-store';
import { grabFrame, openMedia, releaseMedia, startRecorder, type OpenedMedia } from '../lib/media';
import { errorKeyOf, isTransientFailure, serverMessageOf, type RecorderErrorKey } from '../lib/media-errors';
import { holdRecording } from '../lib/recording-lock';
import { createRecordingSession, type RecordingSession } from '../lib/recording-session';
import { $online, networkWatchEnded, watchNetworkFx, wentOffline, wentOnline } from './network';

export const ELAPSED_TICK_MS = 250;
export const STATUS_POLL_MS = 1500;

export type Phase = 'form' | 'starting' | 'recording' | 'sending' | 'preserving' | 'done' | 'failed';
type Active = {
  session: RecordingSession;
  store: PieceStore;
  recorder: { stop: () => Promise<void> } | null;
  stream: MediaStream;
  startedAt: number;
  /** Lets another tab finish this recording's waiting pieces (lib/recording-lock.ts). */
  release: () => void;
};

export const RecorderGate = createGate();
export const kindChosen = createEvent<MobileMediaKind>();
export const locationToggled = createEvent<boolean>();
/** Start pressed: the form is checked, then the camera or microphone is asked for. */
export const recordingStarted = createEvent();
/** Stop pressed (for a photo: the shutter). */
export const stopped = createEvent();
export const againClicked = createEvent();

export const startForm = createForm({
  schema: mobileRecordingStartRequest.pick({ title: true, label: true }),
  initialValues: { title: '', label: '' },
});

// The browser's parts, effects of their own so tests can stand in for them.
export const openMediaFx = createEffect(openMedia);
export const deviceFactsFx = createEffect(async (includeLocation: boolean) =>
  collectDeviceFacts(browserSources(), includeLocation ? await askPosition(globalThis.navigator?.geolocation) : null),
);
export const openPieceStoreFx = createEffect(openPieceStore);
export const grabFrameFx = createEffect(grabFrame);
export const nowFx = createEffect(() => Date.now());

const pieceRecorded = createEvent<{ pieces: number; bytes: number }>();
const queueChanged = createEvent<number>();
const pieceSent = createEvent<{ pieces: number }>();
const sendingFailed = createEvent<unknown>();

export const $kind = createStore<MobileMediaKind>('photo').on(kindChosen, (_, kind) => kind);
export const $includeLocation = createStore(false).on(locationToggled, (_, on) => on);
export const $phase = createStore<Phase>('form');
export const $status = createStore<MobileRecordingStatus | null>(null, { serialize: 'ignore' });
/** The live camera/microphone, for the preview. */
export const $stream = createStore<MediaStream | null>(null, { serialize: 'ignore' });
const $active = createStore<Active | null>(null, { serialize: 'ignore' });
export const $elapsed = createStore(0);
export const $bytes = createStore(0).on(pieceRecorded, (_, { bytes }) => bytes);
export const $recorded = createStore(0).on(pieceRecorded, (_, { pieces }) => pieces);
export const $sent = createStore(0).on(pieceSent, (sent, { pieces }) => Math.max(sent, pieces));
export const $queued = createStore(0).on(queueChanged, (_, count) => count);
export const $error = createStore<RecorderErrorKey | null>(null);
/** What the server said when it refused (empty otherwise). */
export const $serverMessage = createStore('');
export { $online };

type StartParams = { kind: MobileMediaKind; title: string; label: string; includeLocation: boolean };

/** Asks for the device (only here, on the person's press), gathers the facts and opens the recording. */
export const startRecordingFx = createEffect(async (params: StartParams) => {
  const media: OpenedMedia = await openMediaFx(params.kind);
  try {
    const device = await deviceFactsFx(params.includeLocation);
    const status = await startMobileRecordingFx({ kind: params.kind, mime: media.mime, title: params.title, label: params.label, device });
    return { media, status };
  } catch (error) {
    releaseMedia(media.stream);
    throw error;
  }
});

/** Starts sending, and the recorder for video and sound (a photo waits for the shutter). */
const beginFx = createEffect(async ({ media, status }: { media: OpenedMedia; status: MobileRecordingStatus }): Promise<Active> => {
  const upload = scopeBind(sendPieceFx, { safe: true });
  const onRecorded = scopeBind(pieceRecorded, { safe: true });
  const onWaiting = scopeBind(queueChanged, { safe: true });
  const onSent = scopeBind(pieceSent, { safe: true });
  const onFailed = scopeBind(sendingFailed, { safe: true });
  const now = scopeBind(nowFx, { safe: true });
  const store = await openPieceStoreFx();
  const startedAt = await now();
  const release = holdRecording(status.id);
  const session = createRecordingSession({
    recordingId: status.id,
    store,
    upload: ({ seq, hash, bytes }) => upload({ id: status.id, seq, hash, bytes }),
    isOnline: () => globalThis.navigator?.onLine !== false,
    isTransient: isTransientFailure,
    onRecorded,
    onWaiting,
    onSent,
    onFailed,
    offset: () => Date.now() - startedAt,
  });
  const recorder = status.kind === 'photo' ? null : startRecorder(media.stream, media.mime, (piece) => void session.addPiece(piece));
  return { session, store, recorder, stream: media.stream, startedAt, release };
});

/** Ends the recording on the phone, waits for every piece to be on the server, and closes the chain there. */
const stopRecordingFx = attach({
  source: { active: $active, status: $status, elapsed: $elapsed },
  effect: createEffect(
    async ({ active, status, elapsed }: { active: Active | null; status: MobileRecordingStatus | null; elapsed: number }) => {
      if (!active || !status) throw new Error('no recording');
      if (status.kind === 'photo') await active.session.addPiece(await grabFrameFx(active.stream));
      await active.recorder?.stop();
      releaseMedia(active.stream);
      const { pieces, chainHead } = await active.session.finish();
      const duration = status.kind === 'photo' ? 0 : Math.round(elapsed / 1000);
      try {
        const answer = await stopMobileRecordingFx({ id: status.id, pieces, chainHead, duration });
        // Every piece is on the server by now and the sender forgot each; nothing of this recording stays behind.
        await active.store.clear(status.id);
        return answer;
      } finally {
        active.release();
      }
    },
  ),
});

const releaseFx = createEffect((active: Active | null) => releaseMedia(active?.stream ?? null));

// Start: the form's rules first, then the device.
sample({ clock: recordingStarted, source: $phase, filter: (phase) => phase === 'form', target: startForm.submitted });
sample({
  clock: startForm.validated,
  // Not `kind` as a key: effector takes an object with a `kind` field for a unit.
  source: { mediaKind: $kind, includeLocation: $includeLocation },
  fn: ({ mediaKind, includeLocation }, values) => ({ kind: mediaKind, includeLocation, title: values.title, label: values.label }),
  target: startRecordingFx,
});
$phase.on(startRecordingFx, () => 'starting').on(startRecordingFx.fail, () => 'form');
$error.on(startRecordingFx, () => null).on(startRecordingFx.failData, (_, error) => errorKeyOf(error));
$status.on(startRecordingFx.doneData, (_, { status }) => status);
$stream.on(startRecordingFx.doneData, (_, { media }) => media.stream);
sample({ clock: startRecordingFx.doneData, target: beginFx });
$active.on(beginFx.doneData, (_, active) => active);
$phase.on(beginFx.done, () => 'recording');
sample({ clock: beginFx.fail, fn: () => 'failed' as const, target: $phase });
$error.on(beginFx.failData, (_, error) => errorKeyOf(error));

// The time grows while video or sound is recorded (a photo has none).
const recorderBegan = sample({ clock: beginFx.doneData, filter: (active) => active.recorder !== null });
const ticker = interval({ timeout: ELAPSED_TICK_MS, start: recorderBegan, stop: merge([stopped, sendingFailed, RecorderGate.close]) });
sample({ clock: ticker.tick, target: nowFx });
sample({
  clock: nowFx.doneData,
  source: { active: $active, phase: $phase },
  filter: ({ active, phase }) => active !== null && phase === 'recording',
  fn: ({ active }, now) => Math.max(0, now - (active?.startedAt ?? now)),
  target: $elapsed,
});

// The server takes no piece past its longest recording: the phone stops itself a second before.
sample({
  clock: $elapsed.updates,
  source: { status: $status, phase: $phase },
  filter: ({ status, phase }, elapsed) => phase === 'recording' && status !== null && elapsed >= (status.limits.maxSeconds - 1) * 1000,
  target: stopped,
});

// Offline: sending waits; back online: it resumes with the piece it was at.
const resumeSendingFx = createEffect((active: Active) => active.session.online());
const pauseSendingFx = createEffect((active: Active) => active.session.offline());
sample({ clock: wentOnline, source: $active, filter: Boolean, target: resumeSendingFx });
sample({ clock: wentOffline, source: $active, filter: Boolean, target: pauseSendingFx });
sample({ clock: RecorderGate.open, target: watchNetworkFx });
sample({ clock: RecorderGate.close, target: networkWatchEnded });

// Stop, then follow the preservation.
sample({ clock: stopped, source: $phase, filter: (phase) => phase === 'recording', target: stopRecordingFx });
$phase.on(stopRecordingFx, () => 'sending');
$stream.reset(stopRecordingFx);
const answered = merge([stopRecordingFx.doneData, mobileRecordingStatusFx.doneData]);
$status.on(answered, (_, status) => status);
$phase.on(answered, (_, status) => (status.state === 'failed' ? 'failed' : status.baoquan ? 'done' : 'preserving'));
$phase.on(stopRecordingFx.fail, () => 'failed');
$error.on(stopRecordingFx.failData, (_, error) => errorKeyOf(error));
const preserving = sample({ clock: $phase.updates, filter: (phase) => phase === 'preserving' });
const settled = sample({ clock: $phase.updates, filter: (phase) => phase === 'done' || phase === 'failed' });
const poll = interval({ timeout: STATUS_POLL_MS, start: preserving, stop: merge([settled, RecorderGate.close]) });
sample({
  clock: poll.tick,
  source: { status: $status, pending: mobileRecordingStatusFx.pending },
  filter: ({ status, pending }) => status !== null && !pending,
  fn: ({ status }) => status?.id ?? 0,
  target: mobileRecordingStatusFx,
});

// The certificate's address as the lists give it (with the record's id), once preserved.
const recordItemFx = createEffect(async (id: number) => captureItemSchema.parse(await captureItemFx(id)));
export const $recordHref = createStore<string | null>(null);
sample({
  clock: settled,
  source: $status,
  filter: (status) => status?.baoquan != null,
  fn: (status) => status?.id ?? 0,
  target: recordItemFx,
});
$recordHref
  .on(answered, (_, status) => (status.baoquan ? recordHref({ type: 4, baoquan: status.baoquan, evidenceId: null }) : null))
  .on(recordItemFx.doneData, (href, item) => recordHref(item) ?? href);

// A piece the server keeps refusing ends the recording here; what was sent stays unpreserved on the server.
$error.on(sendingFailed, (_, error) => errorKeyOf(error));
sample({ clock: sendingFailed, source: $active, target: releaseFx });
sample({ clock: sendingFailed, fn: () => 'failed' as const, target: $phase });

$serverMessage
  .on(merge([startRecordingFx.failData, beginFx.failData, stopRecordingFx.failData, sendingFailed]), (_, error) => serverMessageOf(error))
  .reset(startRecordingFx);

// Leaving the page lets go of the camera; starting again forgets the last recording.
const reset = merge([RecorderGate.close, againClicked]);
sample({ clock: reset, source: $active, target: releaseFx });
for (const store of [$phase, $status, $stream, $active, $elapsed, $bytes, $recorded, $sent, $queued, $error, $serverMessage])
  store.reset(reset);
sample({ clock: reset, target: startForm.reset });

export const $busy = combine($phase, startRecordingFx.pending, (phase, pending) => pending || phase === 'starting');
