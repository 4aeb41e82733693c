import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { DIGITS_FORMAT, formatChinaTime } from '../../lib/time';

/** A transaction (or, where the caller knows it is alone, the database). */
export type Trx = Transaction<DB> | Kysely<DB>;

export interface LedgerEntry {
  userId: number;
  orderNo: string;
  kind: 'recharge' | 'spend' | 'refund';
  /** Signed hundredths: positive credits, negative debits. */
  amount: number;
  description: string;
  now: Date;
}

/**
 * Applies one change of balance: locks the owner's `users` row, refuses a debit the balance cannot cover
 * (400 积分不足), writes the ledger row and the new balance. Must run inside a transaction. The unique
 * (order_no, kind) makes it idempotent: a second credit or debit of the same order changes nothing and
 * answers `applied: false`. The conditional update (`points + delta >= 0`) and the CHECK on users.points
 * are the backstops, so two spends of the same points can never both pass.
 */
export async function applyLedgerEntry(trx: Trx, entry: LedgerEntry): Promise<{ applied: boolean; balance: number }> {
  const user = await trx.selectFrom('users').select('points').where('id', '=', entry.userId).forUpdate().executeTakeFirstOrThrow();
  const balance = user.points + entry.amount;
  const done = await trx
    .selectFrom('points_ledger')
    .select('id')
    .where('order_no', '=', entry.orderNo)
    .where('kind', '=', entry.kind)
    .executeTakeFirst();
  if (done) return { applied: false, balance: user.points };
  if (balance < 0) throw badRequest('payment:insufficientPoints');
  await trx
    .insertInto('points_ledger')
    .values({
      user_id: entry.userId,
      order_no: entry.orderNo,
      kind: entry.kind,
      amount: entry.amount,
      balance_after: balance,
      description: entry.description,
      created_at: entry.now,
    })
    .execute();
  const updated = await trx
    .updateTable('users')
    .set((eb) => ({ points: eb('points', '+', entry.amount) }))
    .where('id', '=', entry.userId)
    .where((eb) => eb(eb('points', '+', entry.amount), '>=', 0))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw badRequest('payment:insufficientPoints');
  return { applied: true, balance };
}

/** `E` + China date and time (YYYYMMDDHHmmss) + 6 random digits: sortable, unguessable enough to not be an id. */
export function newOrderNo(now: Date, prefix = 'E'): string {
  const digits = formatChinaTime(now, DIGITS_FORMAT);
  return `${prefix}${digits}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export interface SpendInput {
  /** The consumption's order number; made here when absent. */
  orderNo?: string;
  /** Hundredths of a point (100 = 1 point). */
  amount: number;
  description: string;
  /** 2 consumption (capture, preservation), 3 notarisation. */
  type?: 2 | 3;
}

/**
 * For other domains (captures, notarisation): charges points for something the user takes
 * now, inside the caller's transaction, so the thing and its payment commit or fail together. Records a
 * paid consumption order (pay_type 1, points) and its ledger debit; throws 400 积分不足 when the balance
 * cannot cover it (the caller's transaction then rolls back). Returns the order number and the balance left.
 */
export async function spendPoints(
  trx: Transaction<DB>,
  deps: { clock: Clock },
  userId: number,
  input: SpendInput,
): Promise<{ orderNo: string; balance: number }> {
  const now = deps.clock.now();
  const orderNo = input.orderNo ?? newOrderNo(now, 'C');
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('spendPoints: amount must be a positive integer of hundredths');
  // The owner's row first: inserting the order takes a key-share lock on it, and taking FOR UPDATE after
  // that would deadlock with a concurrent spend holding the same share lock.
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  await trx
    .insertInto('orders')
    .values({
      order_no: orderNo,
      user_id: userId,
      type: input.type ?? 2,
      description: input.description,
      amount: input.amount,
      status: 2,
      pay_type: 1,
      created_at: now,
      expires_at: now,
      paid_at: now,
    })
    .execute();
  const { balance } = await applyLedgerEntry(trx, {
    userId,
    orderNo,
    kind: 'spend',
    amount: -input.amount,
    description: input.description,
    now,
  });
  return { orderNo, balance };
}

/**
 * Gives back what an order's debit took (a stopped or failed notarisation), inside the caller's
 * transaction. Idempotent: the unique (order_no, kind) allows one refund per order, so a second call (a
 * replay, a concurrent stop) changes nothing and answers `refunded: 0`. An order without a debit refunds nothing.
 */
export async function refundPoints(
  trx: Transaction<DB>,
  deps: { clock: Clock },
  userId: number,
  input: { orderNo: string; description: string },
): Promise<{ refunded: number; balance: number }> {
  const debit = await trx
    .selectFrom('points_ledger')
    .select('amount')
    .where('order_no', '=', input.orderNo)
    .where('user_id', '=', userId)
    .where('kind', '=', 'spend')
    .executeTakeFirst();
  if (!debit) {
    const user = await trx.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
    return { refunded: 0, balance: user.points };
  }
  const { applied, balance } = await applyLedgerEntry(trx, {
    userId,
    orderNo: input.orderNo,
    kind: 'refund',
    amount: -debit.amount,
    description: input.description,
    now: deps.clock.now(),
  });
  return { refunded: applied ? -debit.amount : 0, balance };
}
