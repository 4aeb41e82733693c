import { NOTARY_PAY_METHOD, type NotaryDocumentType } from '../../../src/shared/api/contracts/index';
import { badRequest } from '../../http/errors';
import { formatChinaTime } from '../../lib/time';
import { notify } from '../notifications/service';
import { toMoney } from '../orders/service';
import { type NotaryOrderRow, NOTARIAL_STATE, type DeskOrder } from './rules';
import { NotaryTransfers } from './transfers';

export { NOTARIAL_STATE, payCodeOf, transferImagePath } from './rules';
export type { DeskOrder, DeskTransfer, NotaryOrderRow } from './rules';

/**
 * Notarisation orders: the four-step machine of an unfinished order (1 application form, 2 signature with
 * the default seal, 3 decryption authorisation, 4 payment with points through /api/Evidences/pay), the
 * notary office's decisions (accept, complete, fail) and its documents, stop with refund. Every change
 * locks rows in one order — the payment order (orders), then the notary order, then the owner (ledger) —
 * the same order the points payment takes (OrderService.payWithPoints, then the hook below), so concurrent
 * stops, payments and desk decisions serialise without deadlock. Another user's order answers as a missing one.
 *
 * Split by responsibility (issue 16): core.ts (access, locking, payment hook, refund), reading.ts, wizard.ts,
 * transfers.ts; this file keeps the office desk (queue and decisions) and the documents.
 */
export class NotaryService extends NotaryTransfers {
  // ---- the notary office (sandbox desk) --------------------------------------------------------------------

  /** Paid orders in progress, oldest payment first: what the office has to work on. */
  async deskQueue(): Promise<DeskOrder[]> {
    const rows = await this.ctx.db
      .selectFrom('notary_orders')
      .innerJoin('users', 'users.id', 'notary_orders.user_id')
      .selectAll('notary_orders')
      .select('users.phone')
      .where('notary_orders.notarial', '=', NOTARIAL_STATE.inProgress)
      .orderBy('notary_orders.paid_at')
      .orderBy('notary_orders.id')
      .limit(100)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      orderNo: r.order_no,
      phone: r.phone,
      applicant: r.application?.applicant.name ?? '',
      type: r.type,
      number: r.record_count,
      money: toMoney(r.amount).toFixed(2),
      paidAt: r.paid_at ? formatChinaTime(r.paid_at) : '',
      accepted: r.accepted_at !== null,
      purpose: r.application?.purpose ?? 0,
      purposeNote: r.application?.purposeNote ?? '',
      copies: r.application?.copies ?? 0,
      delivery: r.application?.delivery ?? 0,
      transfer: r.pay_method === NOTARY_PAY_METHOD.transfer,
    }));
  }

  /**
   * The office's decision on a paid order: accept (issues the acceptance notice and the application notice),
   * complete (after acceptance; issues the inquiry record, succeeded), or fail with a reason (refunded). The
   * user is notified each time, in the same transaction.
   */
  async decide(orderId: number, action: 'accept' | 'complete' | 'fail', reason: string): Promise<void> {
    await this.change(null, orderId, async (trx, row) => {
      if (row.notarial !== NOTARIAL_STATE.inProgress) throw badRequest('notarisation:deskNotInProgress');
      const now = this.ctx.clock.now();
      let text: string;
      if (action === 'accept') {
        if (row.accepted_at) throw badRequest('notarisation:deskAlreadyAccepted');
        await trx.updateTable('notary_orders').set({ accepted_at: now }).where('id', '=', row.id).execute();
        await trx
          .insertInto('notary_documents')
          .values([2, 3].map((type) => ({ order_id: row.id, type, issued_at: now })))
          .execute();
        text = this.t('notarisation:notifyAccepted', { orderNo: row.order_no });
      } else if (action === 'complete') {
        if (!row.accepted_at) throw badRequest('notarisation:deskAcceptFirst');
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.succeeded, completed_at: now })
          .where('id', '=', row.id)
          .execute();
        await trx.insertInto('notary_documents').values({ order_id: row.id, type: 4, issued_at: now }).execute();
        text = this.t('notarisation:notifyCompleted', { orderNo: row.order_no });
      } else if (row.pay_method === NOTARY_PAY_METHOD.transfer) {
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.failed, failed_at: now, fail_reason: reason, refunded_at: now })
          .where('id', '=', row.id)
          .execute();
        text = this.t('notarisation:notifyFailedTransfer', { orderNo: row.order_no, reason });
      } else {
        const refunded = await this.refund(trx, row, 'notarisation:refundFailDesc');
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.failed, failed_at: now, fail_reason: reason, refunded_at: now })
          .where('id', '=', row.id)
          .execute();
        text = this.t('notarisation:notifyFailed', { orderNo: row.order_no, reason, points: toMoney(refunded).toFixed(2) });
      }
      await notify({ db: trx, clock: this.ctx.clock }, row.user_id, text, { kind: 'notary', ref: String(row.id) });
    });
  }

  // ---- documents -------------------------------------------------------------------------------------------

  /**
   * A document of a paid order: the issued document's stored PDF (rendered on first download from the
   * order's frozen data), or the "being generated" text while the office has not issued it yet.
   */
  async documentFor(
    userId: number,
    orderId: number,
    type: NotaryDocumentType,
  ): Promise<{ row: NotaryOrderRow; issuedAt: Date; fileKey: string | null } | 'generating'> {
    const row = await this.owned(userId, orderId);
    if (!row.paid_at) throw badRequest('notarisation:notPaid');
    const doc = await this.ctx.db
      .selectFrom('notary_documents')
      .selectAll()
      .where('order_id', '=', row.id)
      .where('type', '=', type)
      .executeTakeFirst();
    if (!doc) {
      if (row.notarial === NOTARIAL_STATE.inProgress) return 'generating';
      throw badRequest('notarisation:documentNotIssued');
    }
    return { row, issuedAt: doc.issued_at, fileKey: doc.file_key };
  }

  async rememberDocument(orderId: number, type: NotaryDocumentType, fileKey: string): Promise<void> {
    await this.ctx.db
      .updateTable('notary_documents')
      .set({ file_key: fileKey })
      .where('order_id', '=', orderId)
      .where('type', '=', type)
      .execute();
  }
}
