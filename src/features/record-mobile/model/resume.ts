import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { MobileRecordingStatus } from '@contracts';
import { queueHref, recordHref } from '@/entities/capture';
import { resumedStatusFx, sendPieceFx, stopResumedFx } from '../api/recording';
import { isTransientFailure } from '../lib/media-errors';
import { whenRecordingFree } from '../lib/recording-lock';
import { finishInterrupted } from '../lib/resume';
import { $online, wentOnline } from './network';
import { $phase, $status, openPieceStoreFx, RecorderGate } from './recorder';

/** What the person sees of a recording an earlier visit left unfinished. */
export type ResumeNotice = {
  id: number;
  state: 'sending' | 'preserving' | 'done' | 'failed';
  sent: number;
  total: number;
  /** The record's certificate once preserved, its place in the queue before. */
  href: string | null;
};

/** The recorder opened, or the network returned while no recording is under way: look for waiting pieces. */
export const resumeChecked = createEvent();
const resumeProgressed = createEvent<{ id: number; sent: number; total: number }>();
const resumeFinished = createEvent<{ id: number; status: MobileRecordingStatus }>();
const resumeFailed = createEvent<number>();

/**
 * Finishes, one after another, the recordings with pieces still in the piece store (`skip`: the one this
 * page is recording). A refusal forgets that recording's pieces; a lost connection keeps them for later.
 */
export const resumeInterruptedFx = createEffect(async ({ skip }: { skip: number | null }) => {
  const progressed = scopeBind(resumeProgressed, { safe: true });
  const finished = scopeBind(resumeFinished, { safe: true });
  const failed = scopeBind(resumeFailed, { safe: true });
  const upload = scopeBind(sendPieceFx, { safe: true });
  const status = scopeBind(resumedStatusFx, { safe: true });
  const stop = scopeBind(stopResumedFx, { safe: true });
  const store = await openPieceStoreFx();
  for (const id of await store.recordings()) {
    if (id === skip) continue;
    try {
      // Another tab recording it (or finishing it) owns its pieces.
      const answer = await whenRecordingFree(id, () =>
        finishInterrupted(id, {
          store,
          status,
          stop,
          upload: ({ seq, hash, bytes }) => upload({ id, seq, hash, bytes }),
          isTransient: isTransientFailure,
          onProgress: ({ sent, total }) => progressed({ id, sent, total }),
        }),
      );
      if (answer) finished({ id, status: answer });
    } catch (error) {
      if (!isTransientFailure(error)) await store.clear(id);
      failed(id);
    }
  }
});

const hrefOf = (id: number, status: MobileRecordingStatus | null) =>
  status?.baoquan ? recordHref({ type: 4, baoquan: status.baoquan, evidenceId: null }) : queueHref({ type: 4, id });

export const $resumeNotice = createStore<ResumeNotice | null>(null, { serialize: 'ignore' })
  .on(resumeProgressed, (_, { id, sent, total }) => ({ id, state: 'sending', sent, total, href: null }))
  .on(resumeFinished, (notice, { id, status }) => ({
    id,
    state: status.state === 'failed' ? 'failed' : status.baoquan ? 'done' : 'preserving',
    sent: notice?.id === id ? notice.sent : 0,
    total: notice?.id === id ? notice.total : 0,
    href: hrefOf(id, status),
  }))
  .on(resumeFailed, (notice, id) => (notice?.id === id ? { ...notice, state: 'failed', href: hrefOf(id, null) } : notice))
  .reset(RecorderGate.close);

sample({ clock: [RecorderGate.open, wentOnline], target: resumeChecked });
sample({
  clock: resumeChecked,
  source: { online: $online, phase: $phase, status: $status, pending: resumeInterruptedFx.pending },
  // Sent only online; while a recording of this page is under way its own sender owns its pieces.
  filter: ({ online, phase, pending }) => online && !pending && (phase === 'form' || phase === 'done' || phase === 'failed'),
  fn: ({ status }) => ({ skip: status?.id ?? null }),
  target: resumeInterruptedFx,
});
