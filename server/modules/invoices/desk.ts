import type { Kysely, Transaction } from 'kysely';
import { INVOICE_STATUS, type InvoiceApplication } from '../../../src/shared/api/contracts/index';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { Translator } from '../../i18n';
import { notify } from '../notifications/service';
import { toApplication } from './rows';
import { ORDER_INVOICE } from './service';

/** What the sandbox finance desk decides. */
export type DeskAction =
  { action: 'submit'; remark: string } | { action: 'issue'; courierNumber: string; email: string } | { action: 'reject'; remark: string };

export interface DeskApplication extends InvoiceApplication {
  phone: string;
  taxNum: string;
  email: string;
  recipient: string;
  address: string;
  remark: string;
  firstRemark: string;
  checkRemark: string;
  courierNumber: string;
}

/**
 * The finance desk's side of invoices (issue 8): every account's applications and the transitions
 * 1 待开票 -> 2 提交财务 -> 3 已开票, or 1/2 -> 4 审核不通过, each with its orders and the owner's notification
 * in one transaction.
 */
export class InvoiceDesk {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly translator: Translator,
  ) {}

  /** Every application for the sandbox finance desk, newest first (the desk sees all accounts). */
  async deskList(): Promise<DeskApplication[]> {
    const rows = await this.db
      .selectFrom('invoice_applications')
      .innerJoin('users', 'users.id', 'invoice_applications.user_id')
      .selectAll('invoice_applications')
      .select('users.phone')
      .orderBy('invoice_applications.id', 'desc')
      .limit(100)
      .execute();
    return rows.map((r) => ({
      ...toApplication(r),
      phone: r.phone,
      taxNum: r.tax_num,
      email: r.email,
      recipient: `${r.name} ${r.post_phone_number}`,
      address: r.address,
      remark: r.remark,
      firstRemark: r.first_remark,
      checkRemark: r.check_remark,
      courierNumber: r.courier_number,
    }));
  }

  /**
   * The desk's transitions: submit 1 -> 2, issue 2 -> 3 (paper: courier number; electronic: e-mail), reject
   * 1/2 -> 4 with a reason. Anything else is refused. The orders follow in the same transaction (issued: 2,
   * refused: 3 and released), and the owner is notified with it.
   */
  async decide(id: number, decision: DeskAction): Promise<void> {
    const t = this.translator.t;
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('invoice_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('invoice:applicationMissing');
      const now = this.clock.now();
      const vars = { no: row.apply_no };
      let text: string;
      if (decision.action === 'submit') {
        if (row.status !== INVOICE_STATUS.pending) throw badRequest('invoice:deskNotAllowed');
        await trx
          .updateTable('invoice_applications')
          .set({ status: INVOICE_STATUS.processing, first_remark: decision.remark, submitted_at: now })
          .where('id', '=', id)
          .execute();
        text = t('invoice:notifySubmitted', vars);
      } else if (decision.action === 'issue') {
        if (row.status !== INVOICE_STATUS.processing) throw badRequest('invoice:deskNotAllowed');
        const paper = row.type === 'ENTERPRISE_SPECIAL';
        if (paper && !decision.courierNumber) throw badRequest('validation:courierNumber');
        const email = decision.email || row.email;
        if (!paper && !email) throw badRequest('validation:email');
        await trx
          .updateTable('invoice_applications')
          .set(
            paper
              ? { status: INVOICE_STATUS.issued, courier_number: decision.courierNumber, decided_at: now }
              : { status: INVOICE_STATUS.issued, email, decided_at: now },
          )
          .where('id', '=', id)
          .execute();
        await this.#moveOrders(trx, id, ORDER_INVOICE.invoiced);
        text = paper
          ? t('invoice:notifyIssuedPaper', { ...vars, courier: decision.courierNumber })
          : t('invoice:notifyIssuedElectronic', { ...vars, email });
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
        text = t('invoice:notifyRefused', { ...vars, reason });
      }
      await notify({ db: trx, clock: this.clock }, row.user_id, text, { kind: 'invoice', ref: String(id) });
    });
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
