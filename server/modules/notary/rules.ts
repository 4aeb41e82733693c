import type { Selectable } from 'kysely';
import { type NotarialCode, type NotaryPayCode, type NotaryStep } from '../../../contracts/index';
import type { NotaryOrdersTable } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { OrderRow } from '../orders/index';
import { STATUS } from '../orders/index';

/** Notarisation orders' rules and shapes: codes, the step machine's checks, what the office desk lists. */
export type NotaryOrderRow = Selectable<NotaryOrdersTable>;

/** The signed path of an order's transfer screenshot (GET, an <img> reads it; the signature is the access check). */
export const transferImagePath = (orderId: number) => `/api/notary/transfer/${orderId}`;

/** Waiting for the office to confirm a bank transfer. */
export const awaitsTransfer = (row: Pick<NotaryOrderRow, 'transfer_at' | 'paid_at' | 'notarial'>) =>
  row.transfer_at !== null && row.paid_at === null && row.notarial === null;

/** Notarisation status codes stored in notary_orders.notarial (null while unfinished). */
export const NOTARIAL_STATE = { inProgress: 1, succeeded: 2, voided: 3, failed: 4 } as const;

export const NOTARIAL_KEYS: Record<number, string> = {
  1: 'notarisation:notarialInProgress',
  2: 'notarisation:notarialSucceeded',
  3: 'notarisation:notarialVoided',
  4: 'notarisation:notarialFailed',
};
export const PAY_KEYS: Record<NotaryPayCode, string> = {
  0: '',
  1: 'notarisation:payPending',
  2: 'notarisation:payPaid',
  3: 'notarisation:payRefunded',
};
/** What must be done before a step may be done. */
export const PREREQUISITE: Record<NotaryStep, string> = {
  1: '',
  2: 'notarisation:formFirst',
  3: 'notarisation:signFirst',
  4: 'notarisation:decodeFirst',
};

/** A change raced a new payment order of the same notary order: read again and retry. */
export class PayOrderMoved extends Error {}

export function payCodeOf(row: Pick<NotaryOrderRow, 'paid_at' | 'refunded_at' | 'notarial'>): NotaryPayCode {
  if (row.refunded_at) return 3;
  if (row.paid_at) return 2;
  return row.notarial === NOTARIAL_STATE.voided ? 0 : 1;
}

export const notarialCodeOf = (row: Pick<NotaryOrderRow, 'notarial'>): NotarialCode => (row.notarial ?? 0) as NotarialCode;

/** A pending payment order that can still be paid. */
export const isLive = (order: Pick<OrderRow, 'status' | 'expires_at'> | null | undefined, now: Date): boolean =>
  Boolean(order && order.status === STATUS.pending && order.expires_at.getTime() > now.getTime());

/** Refuses any step on an order that is no longer unfinished, naming why. */
export function assertUnfinished(row: Pick<NotaryOrderRow, 'notarial'>): void {
  if (row.notarial === NOTARIAL_STATE.voided) throw badRequest('notarisation:orderVoided');
  if (row.notarial === NOTARIAL_STATE.inProgress) throw badRequest('notarisation:orderPaid');
  if (row.notarial === NOTARIAL_STATE.succeeded) throw badRequest('notarisation:orderSucceeded');
  if (row.notarial === NOTARIAL_STATE.failed) throw badRequest('notarisation:orderFailed');
}

/** The step machine: only the current step may be done; earlier ones are done, later ones wait. */
export function assertStep(row: Pick<NotaryOrderRow, 'notarial' | 'step'>, step: NotaryStep): void {
  assertUnfinished(row);
  if (row.step < step) throw badRequest(PREREQUISITE[step]);
  if (row.step > step) throw badRequest('notarisation:stepDone');
}
