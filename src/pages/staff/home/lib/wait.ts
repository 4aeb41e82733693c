import type { StaffHomeQueue } from '@contracts';
import { paths } from '@/shared/routing';

export type HomeDesk = 'verification' | 'notary' | 'invoices';

/** The desk that works a queue, and where its queue page is. */
export const DESK_OF: Record<StaffHomeQueue, HomeDesk> = {
  verification: 'verification',
  notaryWaiting: 'notary',
  notaryAccepted: 'notary',
  notaryTransfer: 'notary',
  notaryShipping: 'notary',
  invoices: 'invoices',
};
export const DESK_PATH: Record<HomeDesk, string> = {
  verification: paths.staffVerification,
  notary: paths.staffNotary,
  invoices: paths.staffInvoices,
};

/** The queues grouped by desk, desks in the order the answer first names them. */
export function byDesk<Q extends { queue: StaffHomeQueue }>(queues: readonly Q[]): { desk: HomeDesk; queues: Q[] }[] {
  const groups: { desk: HomeDesk; queues: Q[] }[] = [];
  for (const queue of queues) {
    const desk = DESK_OF[queue.queue];
    const group = groups.find((g) => g.desk === desk);
    if (group) group.queues.push(queue);
    else groups.push({ desk, queues: [queue] });
  }
  return groups;
}

/**
 * How long the oldest item has waited, in the two largest units that matter to a desk: days and hours past a
 * day, hours and minutes past an hour, else minutes (under a minute: "moments"). Whole units, rounded down.
 */
export function waitParts(seconds: number): {
  key: 'days' | 'hours' | 'minutes' | 'moments';
  days: number;
  hours: number;
  minutes: number;
} {
  const total = Math.max(0, Math.floor(seconds / 60));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const key = days > 0 ? 'days' : hours > 0 ? 'hours' : minutes > 0 ? 'minutes' : 'moments';
  return { key, days, hours, minutes };
}
