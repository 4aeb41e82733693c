import type { Kysely, Transaction } from 'kysely';
import {
  INVOICE_STATUS,
  STAFF_PAGE_SIZE,
  type InvoiceDeskDetail,
  type InvoiceDeskList,
  type InvoiceDeskRow,
} from '../../../contracts/index';
import type { Clock } from '../../clock';
import type { ChangeHook } from '../../db/change-hook';
import { countAndPage, pageOf, withinTimeRange } from '../../db/paged';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { Translator } from '../../i18n';
import { chinaDay, formatChinaTime } from '../../lib/time';
import { type Message, notify } from '../notifications/index';
import { toMoney } from '../orders/index';
import type { ApplicationRow } from './rows';
import { ORDER_INVOICE } from './service';

/** What the finance desk (the staff console) decides. */
export type DeskAction =
  | { action: 'submit'; remark: string }
  | { action: 'issue'; courierCompany: string; courierNumber: string }
  | { action: 'issueElectronic'; email: string; invoiceNumber: string; invoiceCode: string; invoiceDate: string; files: IssuedFile[] }
  | { action: 'reject'; remark: string };

/** A file of the invoice, already in the invoices store. */
export interface IssuedFile {
  kind: 'pdf' | 'ofd' | 'xml';
  key: string;
  size: number;
  sha256: string;
}

/** The e-mail job of an issued electronic invoice, enqueued in the issuing transaction (invoices/mail.ts). */
export interface InvoiceMailer {
  enqueue(trx: Transaction<DB>, applicationId: number): Promise<void>;
  /** After the commit: wake the queue now rather than at its next poll. */
  wake(): void;
}

/**
 * The finance desk's side of invoices: every account's applications and the transitions
 * 1 待开票 -> 2 提交财务 -> 3 已开票, or 1/2 -> 4 审核不通过, each with its orders and the owner's notification
 * in one transaction.
 */
export class InvoiceDesk {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly translator: Translator,
    private readonly mailer?: InvoiceMailer,
  ) {}

  /**
   * Refuses an electronic issue the application cannot take before its files are stored (decide checks again in
   * its transaction): missing, not submitted to finance, a paper one (posted), or a date out of range. Only a
   * change between the two (a concurrent decision) can leave files unreferenced: the sweep collects them.
   */
  async checkIssuable(id: number, electronic: { invoiceDate: string }): Promise<void> {
    const row = await this.db
      .selectFrom('invoice_applications')
      .select(['status', 'type', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('invoice:applicationMissing');
    if (row.status !== INVOICE_STATUS.processing) throw badRequest('invoice:deskNotAllowed');
    if (row.type === 'ENTERPRISE_SPECIAL') throw badRequest('invoice:paperNeedsCourier');
    this.#checkDate(electronic.invoiceDate, row.created_at);
  }

  /** The date printed on the invoice: not after today, not before the application (both China days). */
  #checkDate(invoiceDate: string, appliedAt: Date): void {
    const now = this.clock.now();
    if (invoiceDate > chinaDay(now) || invoiceDate < chinaDay(appliedAt))
      throw badRequest('invoice:invoiceDateRange', { from: chinaDay(appliedAt), to: chinaDay(now) });
  }

  /** Sends the e-mail of an issued electronic invoice again (after it failed): queued anew. */
  async resendMail(id: number, onChange?: ChangeHook<ApplicationRow>): Promise<void> {
    if (!this.mailer) throw new Error('no mailer');
    const mailer = this.mailer;
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('invoice_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('invoice:applicationMissing');
      if (row.status !== INVOICE_STATUS.issued || row.mail_state !== 'failed') throw badRequest('invoice:mailNotFailed');
      await trx.updateTable('invoice_applications').set({ mail_state: 'queued', mail_error: '' }).where('id', '=', id).execute();
      await mailer.enqueue(trx, id);
      await onChange?.(trx, row);
    });
    mailer.wake();
  }

  /**
   * The desk's transitions: submit 1 -> 2, issuing 2 -> 3 (paper: courier and tracking number; electronic: number,
   * code, date and files, and its e-mail job enqueued in the same transaction), reject
   * 1/2 -> 4 with a reason. Anything else is refused. The orders follow in the same transaction (issued: 2,
   * refused: 3 and released), and the owner is notified with it; `onChange` (the staff audit) runs last in
   * the transaction with the application as it was. The staff console decides here.
   */
  async decide(id: number, decision: DeskAction, onChange?: ChangeHook<ApplicationRow>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('invoice_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('invoice:applicationMissing');
      const now = this.clock.now();
      const vars = { no: row.apply_no };
      let text: Message;
      if (decision.action === 'submit') {
        if (row.status !== INVOICE_STATUS.pending) throw badRequest('invoice:deskNotAllowed');
        await trx
          .updateTable('invoice_applications')
          .set({ status: INVOICE_STATUS.processing, first_remark: decision.remark, submitted_at: now })
          .where('id', '=', id)
          .execute();
        text = { key: 'invoice:notifySubmitted', params: vars };
      } else if (decision.action === 'issue') {
        if (row.status !== INVOICE_STATUS.processing) throw badRequest('invoice:deskNotAllowed');
        if (row.type !== 'ENTERPRISE_SPECIAL') throw badRequest('invoice:electronicNeedsFile');
        await trx
          .updateTable('invoice_applications')
          .set({
            status: INVOICE_STATUS.issued,
            courier_company: decision.courierCompany,
            courier_number: decision.courierNumber,
            decided_at: now,
          })
          .where('id', '=', id)
          .execute();
        await this.#moveOrders(trx, id, ORDER_INVOICE.invoiced);
        text = { key: 'invoice:notifyIssuedPaper', params: { ...vars, company: decision.courierCompany, courier: decision.courierNumber } };
      } else if (decision.action === 'issueElectronic') {
        if (row.status !== INVOICE_STATUS.processing) throw badRequest('invoice:deskNotAllowed');
        if (row.type === 'ENTERPRISE_SPECIAL') throw badRequest('invoice:paperNeedsCourier');
        if (!this.mailer) throw new Error('no mailer');
        const email = decision.email || row.email;
        if (!email) throw badRequest('validation:email');
        this.#checkDate(decision.invoiceDate, row.created_at);
        await trx
          .updateTable('invoice_applications')
          .set({
            status: INVOICE_STATUS.issued,
            email,
            invoice_number: decision.invoiceNumber,
            invoice_code: decision.invoiceCode,
            invoice_date: decision.invoiceDate,
            mail_state: 'queued',
            mail_error: '',
            decided_at: now,
          })
          .where('id', '=', id)
          .execute();
        await trx
          .insertInto('invoice_files')
          .values(
            decision.files.map((f) => ({
              application_id: id,
              kind: f.kind,
              file_key: f.key,
              size: f.size,
              sha256: f.sha256,
              created_at: now,
            })),
          )
          .execute();
        await this.#moveOrders(trx, id, ORDER_INVOICE.invoiced);
        await this.mailer.enqueue(trx, id);
        text = { key: 'invoice:notifyIssuedElectronic', params: { ...vars, email, number: decision.invoiceNumber } };
      } else {
        if (row.status !== INVOICE_STATUS.pending && row.status !== INVOICE_STATUS.processing) throw badRequest('invoice:deskNotAllowed');
        const reason = decision.remark.trim();
        if (!reason) throw badRequest('invoice:deskReasonRequired');
        await trx
          .updateTable('invoice_applications')
          .set({ status: INVOICE_STATUS.refused, check_remark: reason, decided_at: now })
          .where('id', '=', id)
          .execute();
        await this.#moveOrders(trx, id, ORDER_INVOICE.failed);
        await trx.updateTable('invoice_application_orders').set({ live: false }).where('application_id', '=', id).execute();
        text = { key: 'invoice:notifyRefused', params: { ...vars, reason } };
      }
      await notify({ db: trx, clock: this.clock }, row.user_id, text, { kind: 'invoice', ref: String(id) });
      await onChange?.(trx, row);
    });
    if (decision.action === 'issueElectronic') this.mailer?.wake();
  }

  // ---- the staff console's finance desk ----------------------------------------------------------------------

  #deskRow(r: ApplicationRow & { phone: string }): InvoiceDeskRow {
    return {
      id: r.id,
      applyNo: r.apply_no,
      phone: r.phone,
      status: r.status,
      type: r.type,
      head: r.head,
      money: toMoney(r.amount),
      orderCount: r.order_count,
      createdAt: formatChinaTime(r.created_at),
    };
  }

  /** Every account's applications by status, number, phone and time; 10 a page, newest first. */
  async list(filter: {
    page: number;
    status: number;
    applyNo: string;
    phone: string;
    startTime?: number | undefined;
    endTime?: number | undefined;
  }): Promise<InvoiceDeskList> {
    let query = this.db.selectFrom('invoice_applications').innerJoin('users', 'users.id', 'invoice_applications.user_id');
    if (filter.status) query = query.where('invoice_applications.status', '=', filter.status);
    if (filter.applyNo) query = query.where('invoice_applications.apply_no', 'like', `%${filter.applyNo}%`);
    if (filter.phone) query = query.where('users.phone', 'like', `%${filter.phone}%`);
    query = withinTimeRange(query, 'invoice_applications.created_at', filter);
    const { count, rows } = await countAndPage(
      query,
      (q) => q.selectAll('invoice_applications').select('users.phone').orderBy('invoice_applications.id', 'desc'),
      pageOf(filter.page, STAFF_PAGE_SIZE),
    );
    return { count, list: rows.map((r) => this.#deskRow(r)) };
  }

  /** One application with the header and recipient as applied, the desk's remarks and its orders. */
  async detail(id: number): Promise<InvoiceDeskDetail> {
    const row = await this.db
      .selectFrom('invoice_applications')
      .innerJoin('users', 'users.id', 'invoice_applications.user_id')
      .selectAll('invoice_applications')
      .select('users.phone')
      .where('invoice_applications.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('invoice:applicationMissing');
    const orders = await this.db
      .selectFrom('invoice_application_orders')
      .innerJoin('orders', 'orders.id', 'invoice_application_orders.order_id')
      .selectAll('orders')
      .where('invoice_application_orders.application_id', '=', id)
      .orderBy('orders.id')
      .execute();
    const files = await this.db
      .selectFrom('invoice_files')
      .select(['kind', 'size'])
      .where('application_id', '=', id)
      .orderBy('id')
      .execute();
    return {
      ...this.#deskRow(row),
      taxNum: row.tax_num,
      bankName: row.bank_name,
      account: row.account,
      street: row.street,
      phoneNumber: row.phone_number,
      recipient: row.name,
      recipientPhone: row.post_phone_number,
      address: row.address,
      email: row.email,
      remark: row.remark,
      firstRemark: row.first_remark,
      checkRemark: row.check_remark,
      courierNumber: row.courier_number,
      courierCompany: row.courier_company,
      invoiceNumber: row.invoice_number,
      invoiceCode: row.invoice_code,
      invoiceDate: row.invoice_date,
      files: files.map((f) => ({ kind: f.kind, size: f.size })),
      mailState: row.mail_state,
      mailError: row.mail_error,
      mailedAt: row.mailed_at ? formatChinaTime(row.mailed_at) : '',
      submittedAt: row.submitted_at ? formatChinaTime(row.submitted_at) : '',
      decidedAt: row.decided_at ? formatChinaTime(row.decided_at) : '',
      orders: orders.map((o) => ({
        orderNo: o.order_no,
        description: o.description,
        money: toMoney(o.amount),
        payType: o.pay_type,
        createdAt: formatChinaTime(o.created_at),
      })),
    };
  }

  /** The application's orders leave "in progress" (1) for `to`; only orders still in progress move. */
  async #moveOrders(trx: Transaction<DB>, applicationId: number, to: number): Promise<void> {
    await trx
      .updateTable('orders')
      .set({ invoice_status: to })
      .where('invoice_status', '=', ORDER_INVOICE.inProgress)
      .where('id', 'in', (eb) => eb.selectFrom('invoice_application_orders').select('order_id').where('application_id', '=', applicationId))
      .execute();
  }
}
