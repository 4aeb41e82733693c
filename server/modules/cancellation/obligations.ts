import type { Kysely, Transaction } from 'kysely';
import type { CancellationObligation } from '../../../contracts/index';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What keeps an account from being cancelled: a notarisation not finished (not yet paid, or paid and
 * with the notary office), an order waiting for payment, an invoice application not decided. Each is finished
 * or withdrawn by its owner on its own page (the setting page links them).
 */
export async function openObligations(db: Db, userId: number, now: Date): Promise<CancellationObligation[]> {
  const [notary, orders, invoices] = await Promise.all([
    db
      .selectFrom('notary_orders')
      .select(['id', 'order_no'])
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('notarial', 'is', null), eb('notarial', '=', 1)]))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('orders')
      .select(['order_no'])
      .where('user_id', '=', userId)
      .where('status', '=', 1)
      .where('expires_at', '>', now)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('invoice_applications')
      .select(['apply_no'])
      .where('user_id', '=', userId)
      .where('status', 'in', [1, 2])
      .orderBy('id')
      .execute(),
  ]);
  return [
    ...notary.map((row) => ({ kind: 'notary' as const, ref: row.order_no, id: row.id })),
    ...orders.map((row) => ({ kind: 'order' as const, ref: row.order_no, id: null })),
    ...invoices.map((row) => ({ kind: 'invoice' as const, ref: row.apply_no, id: null })),
  ];
}
