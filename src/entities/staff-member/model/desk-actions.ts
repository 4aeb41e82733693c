import { attach, createEvent, createStore, sample, type Event, type EventCallable, type Store } from 'effector';
import { z } from 'zod';
import { staffReason } from '@contracts';
import { createForm } from '@/shared/lib/form';
import { showConfirmFx, type ConfirmParams } from '@/shared/ui';

/** The part of a farfetched mutation a desk action drives. */
type Runs<P> = { start: EventCallable<P>; finished: { success: Event<unknown> }; $pending: Store<boolean> };

/**
 * A desk's decision after a confirmation (accept, approve, confirm a transfer): `clicked` with the record asks
 * first (Semi's confirm), then starts the mutation with `params` of the record.
 */
export function createConfirmedAction<Subject, P>(config: {
  mutation: Runs<P>;
  confirm: (subject: Subject) => ConfirmParams;
  params: (subject: Subject) => P;
}) {
  const clicked = createEvent<Subject>();
  const confirmFx = attach({ effect: showConfirmFx, mapParams: (subject: Subject) => config.confirm(subject) });
  sample({ clock: clicked, filter: config.mutation.$pending.map((pending) => !pending), target: confirmFx });
  sample({
    clock: confirmFx.done,
    filter: ({ result }) => result,
    fn: ({ params }) => config.params(params),
    target: config.mutation.start,
  });
  return { clicked, $pending: config.mutation.$pending };
}

export type ConfirmedAction<Subject> = ReturnType<typeof createConfirmedAction<Subject, unknown>>;

/**
 * A desk's decision with a reason the user reads (refuse, fail, void, reject a transfer): `opened` with the
 * record shows the dialog, the reason is checked with the contract's rule (1-200 characters) and sent with
 * `params`; the dialog closes when the server took it.
 */
export function createReasonAction<Subject, P>(config: { mutation: Runs<P>; params: (subject: Subject, reason: string) => P }) {
  const opened = createEvent<Subject>();
  const closed = createEvent();
  const submitted = createEvent();
  const form = createForm({ schema: z.object({ reason: staffReason }), initialValues: { reason: '' } });
  const $subject = createStore<Subject | null>(null)
    .on(opened, (_, subject) => subject)
    .reset([closed, config.mutation.finished.success]);
  sample({ clock: opened, target: form.reset });
  sample({ clock: submitted, target: form.submitted });
  sample({
    clock: form.validated,
    source: { subject: $subject, pending: config.mutation.$pending },
    filter: ({ subject, pending }) => subject !== null && !pending,
    fn: ({ subject }, { reason }) => config.params(subject as Subject, reason),
    target: config.mutation.start,
  });
  return { opened, closed, submitted, form, $subject, $pending: config.mutation.$pending };
}

export type ReasonAction<Subject> = ReturnType<typeof createReasonAction<Subject, unknown>>;
