import type { Readable } from 'node:stream';
import { NOTARY_PAY_METHOD, NOTARY_TRANSFER_MAX_BYTES } from '../../../contracts/index';
import { FileTooLargeError, FileTypeError } from '../../files/store';
import { badRequest } from '../../http/errors';
import { notify } from '../notifications/index';
import { STATUS } from '../orders/index';
import type { ChangeHook } from '../../db/change-hook';
import { awaitsTransfer, NOTARIAL_STATE, type NotaryOrderRow, assertStep } from './rules';
import { NotaryWizard } from './wizard';

/** Step 4 by bank transfer: the user's screenshot, and the office's review of it (confirm or reject). */
export abstract class NotaryTransfers extends NotaryWizard {
  // ---- step 4 by bank transfer -----------------------------------------------------------------------------

  /**
   * Step 4 paid by bank transfer: the screenshot (png or jpeg by content, at most 10 MB, checked while
   * streaming) goes into the private transfer folder, the order waits for the office's confirmation. A live
   * points payment order of it is cancelled in the same transaction, so the order cannot be paid twice. No
   * points are charged. Refused before a byte is stored when the order is not at step 4 or already waiting.
   */
  async submitTransfer(userId: number, orderId: number, source: Readable): Promise<void> {
    try {
      await this.assertMayApply(userId);
      const seen = await this.owned(userId, orderId);
      assertStep(seen, 4);
      if (awaitsTransfer(seen)) throw badRequest('notarisation:transferPending');
    } catch (error) {
      source.resume();
      throw error;
    }
    let stored;
    try {
      stored = await this.deps.transferStore.put(source, {
        maxBytes: NOTARY_TRANSFER_MAX_BYTES,
        accept: (type) => type === 'png' || type === 'jpeg',
      });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw badRequest('notarisation:transferImageTooLarge');
      if (error instanceof FileTypeError) throw badRequest('notarisation:transferImageType');
      throw error;
    }
    if (stored.size === 0) {
      await this.forgetTransferFile(stored.key);
      throw badRequest('notarisation:transferImageRequired');
    }
    try {
      await this.change(userId, orderId, async (trx, row, payOrder) => {
        assertStep(row, 4);
        if (awaitsTransfer(row)) throw badRequest('notarisation:transferPending');
        const now = this.ctx.clock.now();
        if (payOrder && payOrder.status === STATUS.pending) {
          await trx
            .updateTable('orders')
            .set({ status: STATUS.cancelled, close_reason: 'voided', closed_at: now })
            .where('id', '=', payOrder.id)
            .execute();
        }
        await trx
          .updateTable('notary_orders')
          .set({ pay_method: NOTARY_PAY_METHOD.transfer, transfer_file_key: stored.key, transfer_at: now })
          .where('id', '=', row.id)
          .execute();
      });
    } catch (error) {
      await this.forgetTransferFile(stored.key);
      throw error;
    }
  }

  /**
   * Equal images are stored once and another upload of the same bytes may be about to name them: an unused
   * screenshot is left to the orphan sweep (files/sweep.ts), never deleted here.
   */
  protected async forgetTransferFile(_key: string): Promise<void> {}

  /** The stored screenshot of an order (for its signed link), or null. */
  async transferFileOf(orderId: number): Promise<string | null> {
    const row = await this.ctx.db.selectFrom('notary_orders').select('transfer_file_key').where('id', '=', orderId).executeTakeFirst();
    return row?.transfer_file_key ?? null;
  }

  /**
   * The office's decision on a transfer: confirm (paid, in progress, the application form issued — as after a
   * points payment) or reject with a reason (back to step 4: the screenshot is dropped). The user is notified;
   * `onChange` (the staff audit) runs last in the transaction with the order as it was.
   */
  async decideTransfer(
    orderId: number,
    action: 'confirm' | 'reject',
    reason: string,
    onChange?: ChangeHook<NotaryOrderRow>,
  ): Promise<void> {
    const dropped = await this.change(null, orderId, async (trx, row) => {
      if (!awaitsTransfer(row)) throw badRequest('notarisation:transferNotPending');
      const now = this.ctx.clock.now();
      if (action === 'confirm') {
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.inProgress, paid_at: now, transfer_confirmed_at: now })
          .where('id', '=', row.id)
          .execute();
        await trx.insertInto('notary_documents').values({ order_id: row.id, type: 1, issued_at: now }).execute();
        await notify(
          { db: trx, clock: this.ctx.clock },
          row.user_id,
          { key: 'notarisation:notifyTransferConfirmed', params: { orderNo: row.order_no } },
          { kind: 'notary', ref: String(row.id) },
        );
        await onChange?.(trx, row);
        return null;
      }
      await trx
        .updateTable('notary_orders')
        .set({ pay_method: null, transfer_file_key: null, transfer_at: null, transfer_rejected_at: now, transfer_reject_reason: reason })
        .where('id', '=', row.id)
        .execute();
      await notify(
        { db: trx, clock: this.ctx.clock },
        row.user_id,
        { key: 'notarisation:notifyTransferRejected', params: { orderNo: row.order_no, reason } },
        { kind: 'notary', ref: String(row.id) },
      );
      await onChange?.(trx, row);
      return row.transfer_file_key;
    });
    if (dropped) await this.forgetTransferFile(dropped);
  }
}
