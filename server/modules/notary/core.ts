import type { Transaction } from 'kysely';
import { NOTARY_PAY_METHOD, type EvidenceType, type NotaryOrder } from '../../../contracts/index';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { UrlSigner } from '../../files/signed-url';
import { type FileStore } from '../../files/store';
import { badRequest, notFound } from '../../http/errors';
import { formatChinaTime } from '../../lib/time';
import type { KycService } from '../kyc/index';
import { refundPoints } from '../ledger/index';
import type { OrderRow, OrderService } from '../orders/index';
import { toMoney } from '../orders/index';
import { PIC_URL_TTL_SECONDS } from '../signatures/index';
import {
  type NotaryOrderRow,
  PayOrderMoved,
  transferImagePath,
  awaitsTransfer,
  NOTARIAL_STATE,
  PAY_KEYS,
  payCodeOf,
  isLive,
  assertStep,
} from './rules';

/**
 * What every part of the notarisation service shares: the order's access check and locking (`change`), the
 * view of an order, the points payment hook and the refund. The parts build on it: reading (lists, state,
 * detail), the wizard's steps, the bank transfer, and the office desk (service.ts).
 */
export abstract class NotaryCore {
  constructor(
    protected readonly ctx: AppContext,
    protected readonly deps: {
      orders: OrderService;
      kyc: KycService;
      /** The signatures' own folder of the file store (read here, never written). */
      sealStore: FileStore;
      /** Signs the seal image links the signature pages use, and the transfer screenshots' links. */
      signer: UrlSigner;
      /** Bank transfer screenshots: a private folder of their own. */
      transferStore: FileStore;
    },
  ) {
    deps.orders.onPaidWithPoints(3, (trx, order) => this.paid(trx, order));
  }

  protected get t() {
    return this.ctx.translator.t;
  }

  /** Spec sections 5 and 6: verified users only; a face-verified individual needs the supplement passed. */
  async assertMayApply(userId: number): Promise<void> {
    const user = await this.ctx.db
      .selectFrom('users')
      .select(['user_status', 'status', 'auth_type', 'repair_type'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (user.user_status !== 3) throw badRequest('notarisation:notVerified');
    if (user.status === 1 && user.auth_type === 3 && user.repair_type !== 3) throw badRequest('notarisation:needsSupplement');
  }

  // ---- reading ------------------------------------------------------------------------------------------

  protected async owned(userId: number, orderId: number): Promise<NotaryOrderRow> {
    const row = await this.ctx.db
      .selectFrom('notary_orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('notarisation:orderMissing');
    return row;
  }

  protected async payOrder(row: NotaryOrderRow): Promise<OrderRow | null> {
    if (!row.pay_order_no) return null;
    return (await this.ctx.db.selectFrom('orders').selectAll().where('order_no', '=', row.pay_order_no).executeTakeFirst()) ?? null;
  }

  protected payload(row: NotaryOrderRow, payOrder: Pick<OrderRow, 'status' | 'expires_at'> | null): NotaryOrder {
    const payCode = payCodeOf(row);
    const key = payCode === 1 && awaitsTransfer(row) ? 'notarisation:payConfirming' : PAY_KEYS[payCode];
    const added = row.paid_at !== null || isLive(payOrder, this.ctx.clock.now());
    return {
      id: row.id,
      orderNo: row.order_no,
      type: row.type as EvidenceType,
      addTime: formatChinaTime(row.created_at),
      money: toMoney(row.amount),
      pay: key ? this.t(key) : '',
      payType: this.payTypeText(row),
      addOrder: added ? 1 : 0,
      proOrderNo: added ? (row.pay_order_no ?? '') : '',
    };
  }

  protected payTypeText(row: NotaryOrderRow): string {
    if (row.pay_method === NOTARY_PAY_METHOD.transfer && (row.paid_at || row.transfer_at)) return this.t('notarisation:payTypeTransfer');
    return row.paid_at ? this.t('payment:payTypePoints') : '';
  }

  protected transferUrl(row: NotaryOrderRow): Promise<string> {
    return row.transfer_file_key ? this.deps.signer.sign(transferImagePath(row.id), PIC_URL_TTL_SECONDS) : Promise.resolve('');
  }

  /** The office's receiving account (configuration, else the sandbox office's from the locale). */
  protected bank() {
    const c = this.ctx.config;
    return {
      accountName: c.NOTARY_BANK_ACCOUNT_NAME ?? this.t('notarisation:bankSandboxAccountName'),
      bankName: c.NOTARY_BANK_NAME ?? this.t('notarisation:bankSandboxBank'),
      accountNo: c.NOTARY_BANK_ACCOUNT_NO ?? this.t('notarisation:bankSandboxAccountNo'),
    };
  }

  // ---- changes --------------------------------------------------------------------------------------------

  /**
   * Runs `change` on a notary order with its rows locked in the service's order (payment order, notary order;
   * the ledger takes the owner last). `userId` null is the notary office (any order).
   */
  protected async change<T>(
    userId: number | null,
    orderId: number,
    change: (trx: Transaction<DB>, row: NotaryOrderRow, payOrder: OrderRow | null) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let peek = this.ctx.db.selectFrom('notary_orders').select(['pay_order_no']).where('id', '=', orderId);
      if (userId !== null) peek = peek.where('user_id', '=', userId);
      const seen = await peek.executeTakeFirst();
      if (!seen) throw notFound('notarisation:orderMissing');
      try {
        return await this.ctx.db.transaction().execute(async (trx) => {
          const payOrder = seen.pay_order_no
            ? ((await trx.selectFrom('orders').selectAll().where('order_no', '=', seen.pay_order_no).forUpdate().executeTakeFirst()) ??
              null)
            : null;
          const row = await trx.selectFrom('notary_orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
          if (row.pay_order_no !== seen.pay_order_no) throw new PayOrderMoved();
          return change(trx, row, payOrder);
        });
      } catch (error) {
        if (error instanceof PayOrderMoved && attempt < 3) continue;
        throw error;
      }
    }
  }

  /**
   * The notarisation's part of a points payment (OrderService.payWithPoints, order row already locked): the
   * order must be waiting for this payment at step 4; it becomes in progress and its application form is
   * issued. A type-3 order no notarisation names (the sandbox's stand-in orders) is left alone.
   */
  protected async paid(trx: Transaction<DB>, order: OrderRow): Promise<void> {
    const row = await trx.selectFrom('notary_orders').selectAll().where('pay_order_no', '=', order.order_no).forUpdate().executeTakeFirst();
    if (!row) return;
    assertStep(row, 4);
    // A transfer sent meanwhile cancelled this payment order; the lock order makes this a second line of defence.
    if (awaitsTransfer(row)) throw badRequest('notarisation:transferPending');
    const now = this.ctx.clock.now();
    await trx
      .updateTable('notary_orders')
      .set({ notarial: NOTARIAL_STATE.inProgress, paid_at: now, pay_method: NOTARY_PAY_METHOD.points })
      .where('id', '=', row.id)
      .execute();
    await trx.insertInto('notary_documents').values({ order_id: row.id, type: 1, issued_at: now }).execute();
  }

  /** Gives the order's points back through the ledger (once) and marks its payment order refunded. */
  protected async refund(trx: Transaction<DB>, row: NotaryOrderRow, descriptionKey: string): Promise<number> {
    if (!row.pay_order_no) return 0;
    const { refunded } = await refundPoints(trx, { clock: this.ctx.clock }, row.user_id, {
      orderNo: row.pay_order_no,
      description: this.t(descriptionKey, { orderNo: row.order_no }),
    });
    await trx
      .updateTable('orders')
      .set({ close_reason: 'refunded', closed_at: this.ctx.clock.now() })
      .where('order_no', '=', row.pay_order_no)
      .execute();
    return refunded;
  }
}
