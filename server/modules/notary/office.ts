import type { SelectQueryBuilder } from 'kysely';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import {
  NOTARY_CERTIFICATE_DOCUMENT,
  NOTARY_CERTIFICATE_MAX_BYTES,
  NOTARY_PAY_METHOD,
  STAFF_PAGE_SIZE,
  type NotaryDeskDetail,
  type NotaryDeskList,
  type NotaryDeskRow,
  type NotaryDeskState,
} from '../../../contracts/index';
import type { ChangeHook } from '../../db/change-hook';
import { countAndPage, pageOf } from '../../db/paged';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { FileTooLargeError, FileTypeError } from '../../files/store';
import { formatChinaTime } from '../../lib/time';
import { type Message, notify } from '../notifications/index';
import { toMoney } from '../orders/index';
import { awaitsTransfer, NOTARIAL_STATE, type NotaryOrderRow } from './rules';
import { NotaryTransfers } from './transfers';

const at = (date: Date | null) => (date ? formatChinaTime(date) : '');

/** How far from its end a PDF's last `%%EOF` may be (trailing whitespace or a few bytes some writers add). */
const PDF_TAIL_BYTES = 1024;

/**
 * Whether a stored PDF looks whole: the sniffed `%PDF-` head (the store checked it) and an `%%EOF` marker near
 * the end. A truncated download or a renamed text file fails here, which readers would fail on later.
 */
export const pdfTailComplete = (tail: Buffer) => tail.includes('%%EOF');

/** Where an order stands for the office (the staff desk's states). */
export function deskStateOf(row: NotaryOrderRow): NotaryDeskState {
  if (row.notarial === NOTARIAL_STATE.succeeded) return 'succeeded';
  if (row.notarial === NOTARIAL_STATE.failed) return 'failed';
  if (row.notarial === NOTARIAL_STATE.voided) return 'voided';
  if (row.notarial === NOTARIAL_STATE.inProgress) return row.accepted_at ? 'accepted' : 'waiting';
  return 'transfer';
}

function assertAccepted(row: NotaryOrderRow): void {
  if (row.notarial !== NOTARIAL_STATE.inProgress) throw badRequest('notarisation:deskNotInProgress');
  if (!row.accepted_at) throw badRequest('notarisation:deskAcceptFirst');
}

type OfficeQuery = SelectQueryBuilder<DB, 'notary_orders' | 'users', object>;

/**
 * Orders the office has seen: paid, or with a transfer screenshot (waiting, or the user stopped the order after
 * sending it: the office returns that money).
 */
const seen = (query: OfficeQuery): OfficeQuery =>
  query.where((eb) => eb.or([eb('notary_orders.paid_at', 'is not', null), eb('notary_orders.transfer_at', 'is not', null)]));

/** The orders of a desk state; '' is every order the office has seen. */
function inState(query: OfficeQuery, state: NotaryDeskState | ''): OfficeQuery {
  const o = 'notary_orders' as const;
  switch (state) {
    case 'waiting':
      return query.where(`${o}.notarial`, '=', NOTARIAL_STATE.inProgress).where(`${o}.accepted_at`, 'is', null);
    case 'accepted':
      return query.where(`${o}.notarial`, '=', NOTARIAL_STATE.inProgress).where(`${o}.accepted_at`, 'is not', null);
    case 'transfer':
      return query.where(`${o}.transfer_at`, 'is not', null).where(`${o}.paid_at`, 'is', null).where(`${o}.notarial`, 'is', null);
    case 'succeeded':
      return query.where(`${o}.notarial`, '=', NOTARIAL_STATE.succeeded);
    case 'failed':
      return query.where(`${o}.notarial`, '=', NOTARIAL_STATE.failed);
    case 'voided':
      return seen(query.where(`${o}.notarial`, '=', NOTARIAL_STATE.voided));
    default:
      return seen(query);
  }
}

/**
 * The notary office: its queue and decisions on paid orders (accept, complete, fail, and void with a reason),
 * taken in the staff console, and what the console's notary desk reads.
 */
export abstract class NotaryOffice extends NotaryTransfers {
  /**
   * The office's decision on a paid order (taken in the staff console): accept (issues the
   * acceptance notice and the application notice), complete (after acceptance; issues the inquiry record,
   * succeeded), or fail with a reason (refunded). The user is notified each time, in the same transaction;
   * `onChange` (the staff audit) runs last in it with the order as it was.
   */
  async decide(
    orderId: number,
    action: 'accept' | 'complete' | 'fail',
    reason: string,
    onChange?: ChangeHook<NotaryOrderRow>,
  ): Promise<void> {
    await this.change(null, orderId, async (trx, row) => {
      if (row.notarial !== NOTARIAL_STATE.inProgress) throw badRequest('notarisation:deskNotInProgress');
      const now = this.ctx.clock.now();
      let text: Message;
      if (action === 'accept') {
        if (row.accepted_at) throw badRequest('notarisation:deskAlreadyAccepted');
        await trx.updateTable('notary_orders').set({ accepted_at: now }).where('id', '=', row.id).execute();
        await trx
          .insertInto('notary_documents')
          .values([2, 3].map((type) => ({ order_id: row.id, type, issued_at: now })))
          .execute();
        text = { key: 'notarisation:notifyAccepted', params: { orderNo: row.order_no } };
      } else if (action === 'complete') {
        if (!row.accepted_at) throw badRequest('notarisation:deskAcceptFirst');
        // The office completes an order by issuing its certificate: without the attached PDF there is nothing to issue.
        if (!row.certificate_file_key) throw badRequest('notarisation:deskCertificateFirst');
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.succeeded, completed_at: now })
          .where('id', '=', row.id)
          .execute();
        await trx
          .insertInto('notary_documents')
          .values([
            { order_id: row.id, type: 4, issued_at: now, file_key: null },
            { order_id: row.id, type: NOTARY_CERTIFICATE_DOCUMENT, issued_at: now, file_key: row.certificate_file_key },
          ])
          .execute();
        text = { key: 'notarisation:notifyCompleted', params: { orderNo: row.order_no } };
      } else if (row.pay_method === NOTARY_PAY_METHOD.transfer) {
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.failed, failed_at: now, fail_reason: reason, refunded_at: now })
          .where('id', '=', row.id)
          .execute();
        text = { key: 'notarisation:notifyFailedTransfer', params: { orderNo: row.order_no, reason } };
      } else {
        const refunded = await this.refund(trx, row, 'notarisation:refundFailDesc');
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.failed, failed_at: now, fail_reason: reason, refunded_at: now })
          .where('id', '=', row.id)
          .execute();
        text = { key: 'notarisation:notifyFailed', params: { orderNo: row.order_no, reason, points: toMoney(refunded) } };
      }
      await notify({ db: trx, clock: this.ctx.clock }, row.user_id, text, { kind: 'notary', ref: String(row.id) });
      await onChange?.(trx, row);
    });
  }

  /**
   * The office ends an order in progress (accepted or not) with a reason: voided (terminated), points paid
   * refunded once, money sent by bank transfer going back from the office; the user is notified with the reason.
   */
  async officeVoid(orderId: number, reason: string, onChange?: ChangeHook<NotaryOrderRow>): Promise<void> {
    await this.change(null, orderId, async (trx, row) => {
      if (row.notarial !== NOTARIAL_STATE.inProgress) throw badRequest('notarisation:deskNotInProgress');
      const now = this.ctx.clock.now();
      let text: Message;
      if (row.pay_method === NOTARY_PAY_METHOD.transfer) {
        text = { key: 'notarisation:notifyVoidedTransfer', params: { orderNo: row.order_no, reason } };
      } else {
        const refunded = await this.refund(trx, row, 'notarisation:refundVoidDesc');
        text = { key: 'notarisation:notifyVoided', params: { orderNo: row.order_no, reason, points: toMoney(refunded) } };
      }
      await trx
        .updateTable('notary_orders')
        .set({ notarial: NOTARIAL_STATE.voided, voided_at: now, void_reason: reason, refunded_at: now })
        .where('id', '=', row.id)
        .execute();
      await notify({ db: trx, clock: this.ctx.clock }, row.user_id, text, { kind: 'notary', ref: String(row.id) });
      await onChange?.(trx, row);
    });
  }

  /**
   * The office attaches the notarial certificate to an accepted order (it may replace it until the order is
   * completed): a PDF by its content, at most NOTARY_CERTIFICATE_MAX_BYTES (checked while streaming), whole (an
   * `%%EOF` near the end), kept in the main file store like evidence. Refused before a byte is stored when the
   * order is not accepted and in progress. A refused upload's bytes are left to the orphan sweep.
   */
  async attachCertificate(orderId: number, source: Readable, onChange?: ChangeHook<NotaryOrderRow>): Promise<void> {
    try {
      const seen = await this.ctx.db.selectFrom('notary_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
      if (!seen || !seen.paid_at) throw notFound('notarisation:orderMissing');
      assertAccepted(seen);
    } catch (error) {
      source.resume();
      throw error;
    }
    let stored;
    try {
      stored = await this.ctx.files.put(source, { maxBytes: NOTARY_CERTIFICATE_MAX_BYTES, accept: (type) => type === 'pdf' });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw badRequest('notarisation:certificateTooLarge');
      if (error instanceof FileTypeError) throw badRequest('notarisation:certificateType');
      throw error;
    }
    if (stored.size === 0) throw badRequest('notarisation:certificateRequired');
    const start = Math.max(0, stored.size - PDF_TAIL_BYTES);
    const tail = await buffer(this.ctx.files.openRange(stored.key, start, stored.size - 1));
    if (!pdfTailComplete(tail)) throw badRequest('notarisation:certificateCorrupt');
    const key = stored.key;
    const size = stored.size;
    await this.change(null, orderId, async (trx, row) => {
      assertAccepted(row);
      await trx
        .updateTable('notary_orders')
        .set({ certificate_file_key: key, certificate_size: size, certificate_at: this.ctx.clock.now() })
        .where('id', '=', row.id)
        .execute();
      await onChange?.(trx, row);
    });
  }

  /**
   * Paper delivery: the office records the courier and tracking number when it sends the certificate of a
   * completed order, once; the user reads them on the order's detail and is told by a message.
   */
  async ship(orderId: number, courier: string, number: string, onChange?: ChangeHook<NotaryOrderRow>): Promise<void> {
    await this.change(null, orderId, async (trx, row) => {
      if (row.notarial !== NOTARIAL_STATE.succeeded) throw badRequest('notarisation:shipNotCompleted');
      if (row.application?.delivery !== 2) throw badRequest('notarisation:shipNotPaper');
      if (row.shipped_at) throw badRequest('notarisation:shipAlready');
      await trx
        .updateTable('notary_orders')
        .set({ ship_courier: courier, ship_number: number, shipped_at: this.ctx.clock.now() })
        .where('id', '=', row.id)
        .execute();
      await notify(
        { db: trx, clock: this.ctx.clock },
        row.user_id,
        { key: 'notarisation:notifyShipped', params: { orderNo: row.order_no, courier, number } },
        { kind: 'notary', ref: String(row.id) },
      );
      await onChange?.(trx, row);
    });
  }

  // ---- the staff console's notary desk ----------------------------------------------------------------------

  #deskRow(r: NotaryOrderRow & { phone: string }): NotaryDeskRow {
    return {
      id: r.id,
      orderNo: r.order_no,
      phone: r.phone,
      applicant: r.application?.applicant.name ?? '',
      type: r.type,
      number: r.record_count,
      money: toMoney(r.amount),
      payMethod: r.pay_method ?? 0,
      state: deskStateOf(r),
      createdAt: at(r.created_at),
      paidAt: at(r.paid_at),
      transferAt: at(r.transfer_at),
    };
  }

  /** Orders by desk state, 10 a page: the working queues (waiting, accepted, transfer) oldest first, the rest newest first. */
  async officeList(filter: { page: number; state: NotaryDeskState | ''; orderNo: string; phone: string }): Promise<NotaryDeskList> {
    let query: OfficeQuery = this.ctx.db.selectFrom('notary_orders').innerJoin('users', 'users.id', 'notary_orders.user_id');
    query = inState(query, filter.state);
    if (filter.orderNo) query = query.where('notary_orders.order_no', 'like', `%${filter.orderNo}%`);
    if (filter.phone) query = query.where('users.phone', 'like', `%${filter.phone}%`);
    const queue = filter.state === 'waiting' || filter.state === 'accepted' || filter.state === 'transfer';
    const { count, rows } = await countAndPage(
      query,
      (q) =>
        q
          .selectAll('notary_orders')
          .select('users.phone')
          .orderBy('notary_orders.id', queue ? 'asc' : 'desc'),
      pageOf(filter.page, STAFF_PAGE_SIZE),
    );
    return { count, list: rows.map((r) => this.#deskRow(r)) };
  }

  /** One order as the office works on it; an order the office has never seen (unpaid, no transfer) answers as missing. */
  async officeDetail(orderId: number): Promise<NotaryDeskDetail> {
    const row = await inState(this.ctx.db.selectFrom('notary_orders').innerJoin('users', 'users.id', 'notary_orders.user_id'), '')
      .selectAll('notary_orders')
      .select('users.phone')
      .where('notary_orders.id', '=', orderId)
      .executeTakeFirst();
    if (!row) throw notFound('notarisation:orderMissing');
    const [documents, records] = await Promise.all([this.documents(row.id), this.items(row.id)]);
    const application = row.application;
    return {
      ...this.#deskRow(row),
      applicantIdNumber: application?.applicant.idNumber ?? '',
      contactName: application?.applicant.contactName ?? '',
      contactPhone: application?.applicant.contactPhone ?? '',
      purpose: application?.purpose ?? 0,
      purposeNote: application?.purposeNote ?? '',
      copies: application?.copies ?? 0,
      delivery: application?.delivery ?? 0,
      address: application?.address ? `${application.address.name} ${application.address.phone} ${application.address.text}` : '',
      acceptedAt: at(row.accepted_at),
      finishedAt: at(row.completed_at ?? row.failed_at ?? row.voided_at),
      failReason: row.fail_reason,
      voidReason: row.void_reason,
      documents: documents.map((d) => ({ type: d.type, issuedAt: at(d.issued_at) })),
      records: records.map((e) => ({
        evidenceId: e.id,
        baoquan: e.baoquan,
        title: e.title,
        fileHash: e.file_hash,
        savedAt: at(e.created_at),
      })),
      transferImageUrl: awaitsTransfer(row) || row.pay_method === NOTARY_PAY_METHOD.transfer ? await this.transferUrl(row) : '',
      transferRejectReason: row.transfer_reject_reason,
      certificate: {
        attached: row.certificate_file_key !== null,
        size: row.certificate_size ?? 0,
        attachedAt: at(row.certificate_at),
      },
      shipping: { courier: row.ship_courier, number: row.ship_number, shippedAt: at(row.shipped_at) },
    };
  }

  /** The values the desk's answers mask, in clear (the staff desk audits the view before it answers). */
  async officeReveal(
    orderId: number,
  ): Promise<{ id: number; phone: string; applicantIdNumber: string; contactPhone: string; address: string }> {
    const detail = await this.officeDetail(orderId);
    return {
      id: detail.id,
      phone: detail.phone,
      applicantIdNumber: detail.applicantIdNumber,
      contactPhone: detail.contactPhone,
      address: detail.address,
    };
  }

  /** A record the order covers (for the desk to open its certificate or file), or missing. */
  async coveredRecord(orderId: number, evidenceId: number) {
    const row = await this.ctx.db
      .selectFrom('notary_items')
      .innerJoin('evidence', 'evidence.id', 'notary_items.evidence_id')
      .selectAll('evidence')
      .where('notary_items.order_id', '=', orderId)
      .where('notary_items.evidence_id', '=', evidenceId)
      .executeTakeFirst();
    if (!row) throw notFound('preservation:notFound');
    return row;
  }
}
