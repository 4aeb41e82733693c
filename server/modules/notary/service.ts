import { type NotaryDocumentType } from '../../../contracts/index';
import { badRequest } from '../../http/errors';
import { type NotaryOrderRow, NOTARIAL_STATE } from './rules';
import { NotaryOffice } from './office';

export { NOTARIAL_STATE, payCodeOf, transferImagePath } from './rules';
export type { NotaryOrderRow } from './rules';

/**
 * Notarisation orders: the four-step machine of an unfinished order (1 application form, 2 signature with
 * the default seal, 3 decryption authorisation, 4 payment with points through /api/Evidences/pay), the
 * notary office's decisions (accept, complete, fail) and its documents, stop with refund. Every change
 * locks rows in one order — the payment order (orders), then the notary order, then the owner (ledger) —
 * the same order the points payment takes (OrderService.payWithPoints, then the hook below), so concurrent
 * stops, payments and desk decisions serialise without deadlock. Another user's order answers as a missing one.
 *
 * Split by responsibility: core.ts (access, locking, payment hook, refund), reading.ts, wizard.ts,
 * transfers.ts, office.ts (the notary office: queue, decisions, the staff desk's reading); this file keeps the documents.
 */
export class NotaryService extends NotaryOffice {
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
