import {
  NOTARY_DELIVERY,
  NOTARY_PAY_METHOD,
  type EvidenceType,
  type NotaryOrder,
  type NotaryPayment,
  type NotaryStep,
} from '../../../contracts/index';
import type { NotaryApplication } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { findOwnedMany } from '../evidence/index';
import { newOrderNo } from '../ledger/index';
import { notify } from '../notifications/index';
import { STATUS, toMoney } from '../orders/index';
import { awaitsTransfer, NOTARIAL_STATE, isLive, assertStep } from './rules';
import { NotaryReading } from './reading';

/** The user's wizard: create an order, the four steps (form, signature, decryption, points payment), and stop. */
export abstract class NotaryWizard extends NotaryReading {
  async create(userId: number, type: EvidenceType, ids: number[]): Promise<NotaryOrder & { step: NotaryStep }> {
    await this.assertMayApply(userId);
    const rows = await findOwnedMany(this.ctx.db, userId, ids);
    // Another user's record answers like a missing one.
    if (rows.length !== ids.length) throw notFound('preservation:notFound');
    if (rows.some((r) => r.type !== type)) throw badRequest('notarisation:typeMismatch');
    const now = this.ctx.clock.now();
    const price = this.ctx.config.NOTARY_POINTS_PER_RECORD * 100;
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await trx
        .insertInto('notary_orders')
        .values({
          order_no: newOrderNo(now, 'N'),
          user_id: userId,
          type,
          record_count: rows.length,
          price_per_record: price,
          amount: price * rows.length,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('notary_items')
        .values(rows.map((r, position) => ({ order_id: order.id, position, evidence_id: r.id })))
        .execute();
      return order;
    });
    return { ...this.payload(row, null), step: 1 };
  }

  /** Step 1: the application form; the applicant is taken from the verification, the address copied. */
  async saveApplication(
    userId: number,
    input: { orderId: number; purpose: number; purposeNote: string; copies: number; delivery: number; addressId?: number | undefined },
  ): Promise<void> {
    await this.assertMayApply(userId);
    const applicant = await this.applicant(userId);
    let address: NotaryApplication['address'] = null;
    if (input.delivery === NOTARY_DELIVERY.mail) {
      const found = await this.ctx.db
        .selectFrom('addresses')
        .selectAll()
        .where('id', '=', input.addressId ?? 0)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!found) throw badRequest('notarisation:addressMissing');
      address = {
        id: found.id,
        name: found.name,
        phone: found.phone_number,
        text: `${found.province}${found.city}${found.area}${found.address}`,
      };
    }
    const application: NotaryApplication = {
      applicant,
      purpose: input.purpose,
      // The note describes "other" purposes only.
      purposeNote: input.purpose === 4 ? input.purposeNote : '',
      copies: input.copies,
      delivery: input.delivery,
      address,
    };
    await this.change(userId, input.orderId, async (trx, row) => {
      assertStep(row, 1);
      await trx
        .updateTable('notary_orders')
        .set({ application: JSON.stringify(application), form_saved_at: this.ctx.clock.now(), step: 2 })
        .where('id', '=', row.id)
        .execute();
    });
  }

  /** Step 2: signed online with the user's default seal. */
  async sign(userId: number, orderId: number): Promise<void> {
    await this.assertMayApply(userId);
    // The step first: a form not yet filled matters more than a missing seal.
    assertStep(await this.owned(userId, orderId), 2);
    const seal = await this.copyDefaultSeal(userId);
    if (!seal) throw badRequest('notarisation:noDefaultSeal');
    await this.change(userId, orderId, async (trx, row) => {
      assertStep(row, 2);
      await trx
        .updateTable('notary_orders')
        .set({ signature_id: seal.id, seal_name: seal.name, seal_file_key: seal.key, signed_at: this.ctx.clock.now(), step: 3 })
        .where('id', '=', row.id)
        .execute();
    });
  }

  /** Step 3: the notary office may decrypt every record of the order. */
  async authoriseDecryption(userId: number, orderId: number): Promise<void> {
    await this.assertMayApply(userId);
    await this.change(userId, orderId, async (trx, row) => {
      assertStep(row, 3);
      await trx.updateTable('notary_orders').set({ decode_at: this.ctx.clock.now(), step: 4 }).where('id', '=', row.id).execute();
    });
  }

  /**
   * Step 4: the order's payment order (type 3 in orders, on /orders tab 3), paid with points through
   * POST /api/Evidences/pay. A live pending one is answered again; a cancelled or expired one is replaced.
   */
  async preparePayment(userId: number, orderId: number): Promise<NotaryPayment> {
    await this.assertMayApply(userId);
    const now = this.ctx.clock.now();
    const { row, payOrderNo } = await this.change(userId, orderId, async (trx, row, payOrder) => {
      assertStep(row, 4);
      if (awaitsTransfer(row)) throw badRequest('notarisation:transferPending');
      if (payOrder && isLive(payOrder, now)) return { row, payOrderNo: payOrder.order_no };
      const order = await trx
        .insertInto('orders')
        .values({
          order_no: newOrderNo(now, 'G'),
          user_id: userId,
          type: 3,
          description: this.t('notarisation:payOrderDesc', { orderNo: row.order_no, count: row.record_count }),
          amount: row.amount,
          created_at: now,
          expires_at: new Date(now.getTime() + this.ctx.config.ORDER_TTL_SECONDS * 1000),
        })
        .returning('order_no')
        .executeTakeFirstOrThrow();
      await trx.updateTable('notary_orders').set({ pay_order_no: order.order_no }).where('id', '=', row.id).execute();
      return { row, payOrderNo: order.order_no };
    });
    const user = await this.ctx.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
    return {
      orderNo: row.order_no,
      proOrderNo: payOrderNo,
      money: toMoney(row.amount),
      points: toMoney(user.points),
      number: row.record_count,
      price: toMoney(row.price_per_record),
      addOrder: 1,
    };
  }

  /**
   * POST /api/Evidences/stop: voids an order the notary office has not accepted. An unfinished order's pending
   * payment order is cancelled; a paid one (awaiting acceptance) gets its points back, once (the ledger's
   * unique refund per order; the notary row lock makes a concurrent stop see the order voided).
   */
  async stop(userId: number, orderId: number): Promise<{ refunded: number }> {
    return this.change(userId, orderId, async (trx, row, payOrder) => {
      if (row.notarial === NOTARIAL_STATE.voided) throw badRequest('notarisation:orderVoided');
      if (row.notarial === NOTARIAL_STATE.succeeded) throw badRequest('notarisation:stopSucceeded');
      if (row.notarial === NOTARIAL_STATE.failed) throw badRequest('notarisation:orderFailed');
      if (row.notarial === NOTARIAL_STATE.inProgress && row.accepted_at) throw badRequest('notarisation:stopAccepted');
      const now = this.ctx.clock.now();
      let refunded = 0;
      if (row.pay_method === NOTARY_PAY_METHOD.transfer && (row.paid_at || row.transfer_at)) {
        // No points were charged: money sent by bank transfer goes back the same way, from the office.
        await notify(
          { db: trx, clock: this.ctx.clock },
          row.user_id,
          { key: 'notarisation:notifyStoppedTransfer', params: { orderNo: row.order_no } },
          { kind: 'notary', ref: String(row.id) },
        );
      } else if (row.paid_at && row.pay_order_no) {
        refunded = await this.refund(trx, row, 'notarisation:refundStopDesc');
        await notify(
          { db: trx, clock: this.ctx.clock },
          row.user_id,
          { key: 'notarisation:notifyStopped', params: { orderNo: row.order_no, points: toMoney(refunded) } },
          { kind: 'notary', ref: String(row.id) },
        );
      } else if (payOrder && payOrder.status === STATUS.pending) {
        await trx
          .updateTable('orders')
          .set({ status: STATUS.cancelled, close_reason: 'voided', closed_at: now })
          .where('id', '=', payOrder.id)
          .execute();
      }
      await trx
        .updateTable('notary_orders')
        .set({ notarial: NOTARIAL_STATE.voided, voided_at: now, ...(row.paid_at ? { refunded_at: now } : {}) })
        .where('id', '=', row.id)
        .execute();
      return { refunded };
    });
  }
}
