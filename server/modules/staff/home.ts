import { sql, type Kysely } from 'kysely';
import type { StaffHome, StaffHomeQueue, StaffRole } from '../../../contracts/index';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { formatChinaTime } from '../../lib/time';
import { NOTARIAL_STATE } from '../notary/index';

/** Which queues each role works (administrators: all of them), in the order the home page shows them. */
const QUEUES_OF: Record<Exclude<StaffRole, 'admin'>, StaffHomeQueue[]> = {
  reviewer: ['verification'],
  notary: ['notaryWaiting', 'notaryAccepted', 'notaryTransfer', 'notaryShipping'],
  finance: ['invoices'],
};

type Waiting = { count: number | string | bigint; oldest: Date | string | null };

/**
 * What waits at each desk (the same conditions as the desks' own queues): how many, and since when the oldest
 * has been waiting — since it reached that desk: submitted, paid, accepted, transfer sent, completed, applied.
 */
function waiting(db: Kysely<DB>, queue: StaffHomeQueue): Promise<Waiting> {
  const o = 'notary_orders' as const;
  switch (queue) {
    case 'verification':
      return db
        .selectFrom('kyc_submissions')
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('kind', '!=', 'face')
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
    case 'notaryWaiting':
      return db
        .selectFrom(o)
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('paid_at').as('oldest')])
        .where('notarial', '=', NOTARIAL_STATE.inProgress)
        .where('accepted_at', 'is', null)
        .executeTakeFirstOrThrow();
    case 'notaryAccepted':
      return db
        .selectFrom(o)
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('accepted_at').as('oldest')])
        .where('notarial', '=', NOTARIAL_STATE.inProgress)
        .where('accepted_at', 'is not', null)
        .executeTakeFirstOrThrow();
    case 'notaryTransfer':
      return db
        .selectFrom(o)
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('transfer_at').as('oldest')])
        .where('transfer_at', 'is not', null)
        .where('paid_at', 'is', null)
        .where('notarial', 'is', null)
        .executeTakeFirstOrThrow();
    case 'notaryShipping':
      return db
        .selectFrom(o)
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('completed_at').as('oldest')])
        .where('notarial', '=', NOTARIAL_STATE.succeeded)
        .where('shipped_at', 'is', null)
        .where(sql<boolean>`application->>'delivery' = '2'`)
        .executeTakeFirstOrThrow();
    case 'invoices':
      return db
        .selectFrom('invoice_applications')
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('status', 'in', [1, 2])
        .executeTakeFirstOrThrow();
  }
}

/** The staff home page: for each queue the member's role works, how many wait and how long the oldest has. */
export async function staffHome(db: Kysely<DB>, clock: Clock, role: StaffRole): Promise<StaffHome> {
  const queues = role === 'admin' ? Object.values(QUEUES_OF).flat() : QUEUES_OF[role];
  const now = clock.now().getTime();
  const rows = await Promise.all(queues.map((queue) => waiting(db, queue)));
  return {
    queues: queues.map((queue, i) => {
      const row = rows[i] as Waiting;
      const oldest = row.oldest === null ? null : new Date(row.oldest);
      return {
        queue,
        count: Number(row.count),
        oldestAt: oldest ? formatChinaTime(oldest) : '',
        oldestWaitSeconds: oldest ? Math.max(0, Math.floor((now - oldest.getTime()) / 1000)) : 0,
      };
    }),
  };
}
