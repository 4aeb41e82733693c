import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  INVOICE_HEADER_MAX,
  INVOICE_STATUS,
  shippingOf,
  type InvoiceApplication,
  type InvoiceDetail,
  type InvoiceHeader,
  type InvoiceHeaderFields,
  type InvoiceOrder,
  type InvoiceOrderChoice,
} from '../../../contracts/index';
import type { Clock } from '../../clock';
import type { DB, OrdersTable } from '../../db/schema';
import { countAndPage, pageOf, withinTimeRange } from '../../db/paged';
import { badRequest, notFound } from '../../http/errors';
import { chinaYearOf } from '../../lib/time';
import { translatorFor, type Translator } from '../../i18n';
import { supportedLanguage } from '../../http/language';
import { districts } from '../addresses/index';
import { newOrderNo } from '../ledger/index';
import { STATUS as ORDER_STATUS, toMoney, toOrder } from '../orders/index';
import type { SignedLinks } from '../../files/links';
import { invoiceFileName } from './documents';
import { headerColumns, toApplication, toHeader, type ApplicationRow } from './rows';

type OrderRow = Selectable<OrdersTable>;

/** The verified enterprise behind an organisation account: its company name and unified social credit code. */
export type Enterprise = { company: string; taxNumber: string };
/** Null when the account is not a verified organisation. */
export type EnterpriseLookup = (userId: number) => Promise<Enterprise | null>;

/** Where an invoice's file is downloaded, by a link signed for its owner (`f` file id, `u` owner). */
export const INVOICE_FILE_PATH = '/api/invoice/file';

/** Order invoice states (spec section 4): 0 not invoiced, 1 in progress, 2 invoiced, 3 failed (may reapply). */
export const ORDER_INVOICE = { none: 0, inProgress: 1, invoiced: 2, failed: 3 } as const;
const PAY_TYPE_POINTS = 1;

export interface ListFilter {
  page: number;
  pageSize: number;
  status: number;
  startTime?: number;
  endTime?: number;
}

/**
 * Invoices: the owner's headers (at most 5), applications for paid orders, and the finance desk's
 * transitions 1 待开票 -> 2 提交财务 -> 3 已开票, or 1/2 -> 4 审核不通过. An application claims its orders in
 * its transaction (order rows locked, then `invoice_status 0/3 -> 1` conditionally), so an order is never in
 * two live applications; issuing sets its orders to 2, refusing to 3 (they may be applied for again: desk.ts).
 * Every call is scoped to the owner: another user's header, address, order or application answers as missing.
 */
export class InvoiceService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    /** The default language's: what the tax invoice itself says (its content) is written in it whoever asks. */
    private readonly recordTranslator: Translator,
    private readonly enterpriseOf: EnterpriseLookup,
    private readonly links?: SignedLinks,
  ) {}

  async headers(userId: number): Promise<InvoiceHeader[]> {
    const rows = await this.db.selectFrom('invoice_headers').selectAll().where('user_id', '=', userId).orderBy('id', 'asc').execute();
    return rows.map(toHeader);
  }

  async addHeader(userId: number, fields: InvoiceHeaderFields): Promise<InvoiceHeader> {
    return this.db.transaction().execute(async (trx) => {
      // The owner's row lock serialises concurrent adds of one account, so the count below cannot race.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      const count = await trx
        .selectFrom('invoice_headers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= INVOICE_HEADER_MAX) throw badRequest('validation:invoiceHeaderLimit');
      const row = await trx
        .insertInto('invoice_headers')
        .values({ user_id: userId, ...headerColumns(fields), created_at: this.clock.now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toHeader(row);
    });
  }

  async editHeader(userId: number, id: number, fields: InvoiceHeaderFields): Promise<InvoiceHeader> {
    const row = await this.db
      .updateTable('invoice_headers')
      .set(headerColumns(fields))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('invoice:headerMissing');
    return toHeader(row);
  }

  /** Applications made out to the header keep their own copy of it. */
  async deleteHeader(userId: number, id: number): Promise<void> {
    const done = await this.db.deleteFrom('invoice_headers').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (Number(done.numDeletedRows) !== 1) throw notFound('invoice:headerMissing');
  }

  /** Why an order may not be invoiced now (a message key of the invoice namespace), or null when it may. */
  #refusal(order: OrderRow, year: { start: Date; end: Date }): string | null {
    if (order.status !== ORDER_STATUS.paid) return 'invoice:orderNotPaid';
    if (order.pay_type === PAY_TYPE_POINTS) return 'invoice:orderPaidWithPoints';
    if (order.invoice_status === ORDER_INVOICE.inProgress) return 'invoice:orderInProgress';
    if (order.invoice_status === ORDER_INVOICE.invoiced) return 'invoice:orderInvoiced';
    if (order.created_at < year.start || order.created_at >= year.end) return 'invoice:orderNotThisYear';
    return null;
  }

  #invoiceOrder(t: Translator, row: OrderRow): InvoiceOrder {
    const order = toOrder(row, t.t);
    return {
      id: row.id,
      order_no: row.order_no,
      create_time: order.create_time,
      order_desc: order.desc,
      money: order.balance,
      pay_type: row.pay_type,
      payType: order.payType,
    };
  }

  async #ownedOrders(db: Kysely<DB> | Transaction<DB>, userId: number, ids: number[], lock: boolean): Promise<OrderRow[]> {
    let query = db.selectFrom('orders').selectAll().where('id', 'in', ids).where('user_id', '=', userId).orderBy('id', 'asc');
    // Rows are locked in id order, so two applications sharing orders queue instead of deadlocking.
    if (lock) query = query.forUpdate();
    const rows = await query.execute();
    if (rows.length !== ids.length) throw notFound('invoice:orderMissing');
    return rows;
  }

  /** The chosen orders as the application page shows them, each with whether it may be invoiced now. */
  async orderChoices(t: Translator, userId: number, ids: number[]): Promise<InvoiceOrderChoice[]> {
    const rows = await this.#ownedOrders(this.db, userId, ids, false);
    const year = chinaYearOf(this.clock.now());
    return rows.map((row) => {
      const refusal = this.#refusal(row, year);
      return {
        ...this.#invoiceOrder(t, row),
        eligible: refusal === null,
        reason: refusal ? t.t(refusal, { orderNo: row.order_no }) : '',
      };
    });
  }

  /**
   * Spec section 6: orders of an organisation account are paid by its enterprise, so they go only to a
   * header whose head and tax number are the enterprise's verified name and credit code.
   */
  async #enterpriseRule(userId: number): Promise<Enterprise | null> {
    const user = await this.db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.status !== 2) return null;
    const enterprise = await this.enterpriseOf(userId);
    if (!enterprise) throw badRequest('invoice:enterpriseUnverified');
    return enterprise;
  }

  async apply(
    userId: number,
    input: { ids: number[]; userInvoiceId: number; userAddressId: number; remark: string },
  ): Promise<{ id: number; order_no: string }> {
    // Read before the transaction: the lookup uses its own connection (PGlite has one, held by a transaction).
    const enterprise = await this.#enterpriseRule(userId);
    const now = this.clock.now();
    const year = chinaYearOf(now);
    return this.db.transaction().execute(async (trx) => {
      // Key-share locks (as the foreign keys take): a delete of the header or the address waits for this application
      // (which then keeps its copy) instead of leaving the insert below pointing at a row that is gone; edits go on.
      const header = await trx
        .selectFrom('invoice_headers')
        .selectAll()
        .where('id', '=', input.userInvoiceId)
        .where('user_id', '=', userId)
        .forKeyShare()
        .executeTakeFirst();
      if (!header) throw notFound('invoice:headerMissing');
      if (enterprise && (header.head !== enterprise.company.trim() || header.tax_num !== enterprise.taxNumber.trim().toUpperCase())) {
        throw badRequest('invoice:enterpriseHeaderOnly', { company: enterprise.company });
      }
      const address = await trx
        .selectFrom('addresses')
        .selectAll()
        .where('id', '=', input.userAddressId)
        .where('user_id', '=', userId)
        .forKeyShare()
        .executeTakeFirst();
      if (!address) throw notFound('invoice:addressMissing');
      if (districts().noInvoiceMail(address.province_code)) throw badRequest('invoice:addressNoMail');

      const orders = await this.#ownedOrders(trx, userId, input.ids, true);
      for (const order of orders) {
        const refusal = this.#refusal(order, year);
        if (refusal) throw badRequest(refusal, { orderNo: order.order_no });
      }
      // The claim itself is conditional, so even without the locks above no order could be claimed twice.
      const claimed = await trx
        .updateTable('orders')
        .set({ invoice_status: ORDER_INVOICE.inProgress })
        .where('id', 'in', input.ids)
        .where('user_id', '=', userId)
        .where('status', '=', ORDER_STATUS.paid)
        .where('pay_type', '!=', PAY_TYPE_POINTS)
        .where('invoice_status', 'in', [ORDER_INVOICE.none, ORDER_INVOICE.failed])
        .where('created_at', '>=', year.start)
        .where('created_at', '<', year.end)
        .returning('id')
        .execute();
      if (claimed.length !== input.ids.length) throw badRequest('invoice:orderTaken');

      const application = await trx
        .insertInto('invoice_applications')
        .values({
          apply_no: newOrderNo(now, 'F'),
          user_id: userId,
          amount: orders.reduce((sum, o) => sum + o.amount, 0),
          order_count: orders.length,
          header_id: header.id,
          type: header.type,
          head: header.head,
          tax_num: header.tax_num,
          bank_name: header.bank_name,
          account: header.account,
          street: header.street,
          phone_number: header.phone_number,
          address_id: address.id,
          name: address.name,
          post_phone_number: address.phone_number,
          address: [address.province, address.city, address.area, address.address].filter(Boolean).join(' '),
          email: address.email,
          remark: input.remark,
          created_at: now,
        })
        .returning(['id', 'apply_no'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('invoice_application_orders')
        .values(orders.map((o) => ({ application_id: application.id, order_id: o.id })))
        .execute();
      return { id: application.id, order_no: application.apply_no };
    });
  }

  async list(userId: number, filter: ListFilter): Promise<{ count: number; list: InvoiceApplication[] }> {
    let query = this.db.selectFrom('invoice_applications').where('user_id', '=', userId);
    if (filter.status) query = query.where('status', '=', filter.status);
    query = withinTimeRange(query, 'created_at', filter);
    const { count, rows } = await countAndPage(query, (q) => q.selectAll().orderBy('id', 'desc'), pageOf(filter.page, filter.pageSize));
    return { count, list: rows.map(toApplication) };
  }

  async #owned(userId: number, id: number): Promise<ApplicationRow> {
    const row = await this.db
      .selectFrom('invoice_applications')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('invoice:applicationMissing');
    return row;
  }

  async #ordersOf(applicationId: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('invoice_application_orders')
      .innerJoin('orders', 'orders.id', 'invoice_application_orders.order_id')
      .selectAll('orders')
      .where('invoice_application_orders.application_id', '=', applicationId)
      .orderBy('orders.id', 'asc')
      .execute();
  }

  /**
   * One application in the asking request's language (`t`), but for its content: what the tax invoice says, in the
   * default language whoever asks (docs/decisions/invoices.md, "The invoice content stays Chinese").
   */
  async detail(t: Translator, userId: number, id: number): Promise<InvoiceDetail> {
    const row = await this.#owned(userId, id);
    const orders = await this.#ordersOf(row.id);
    const money = toMoney(row.amount);
    return {
      ...toApplication(row),
      content: this.recordTranslator.t('invoice:content'),
      shipping: shippingOf(row.type, money),
      tax_num: row.tax_num,
      bank_name: row.bank_name,
      account: row.account,
      street: row.street,
      phone_number: row.phone_number,
      courier_number: row.courier_number,
      email: row.email,
      check_remark: row.check_remark,
      first_remark: row.first_remark,
      name: row.name,
      post_phone_number: row.post_phone_number,
      address: row.address,
      remark: row.remark,
      orders: orders.map((o) => this.#invoiceOrder(t, o)),
      invoice_number: row.invoice_number,
      invoice_code: row.invoice_code,
      invoice_date: row.invoice_date,
      courier_company: row.courier_company,
      files: await this.#fileLinks(t, row),
    };
  }

  /** An issued invoice's files, each with a download link signed for this owner (invoiceFileDownload checks it). */
  async #fileLinks(t: Translator, row: ApplicationRow): Promise<InvoiceDetail['files']> {
    if (row.status !== INVOICE_STATUS.issued || !this.links) return [];
    const links = this.links;
    const files = await this.db
      .selectFrom('invoice_files')
      .select(['id', 'kind'])
      .where('application_id', '=', row.id)
      .orderBy('id')
      .execute();
    return Promise.all(
      files.map(async (f) => ({
        kind: f.kind,
        name: invoiceFileName(t.t, row.invoice_number, f.kind),
        url: (await links.create(INVOICE_FILE_PATH, { f: String(f.id), u: String(row.user_id), l: t.language })).url,
      })),
    );
  }

  /**
   * The file a download link names, when the link is genuine and unexpired and the file is still of an issued
   * invoice of the user it was signed for; null for anything else (answered as missing). The name is in the language
   * the link carries, else `t`'s.
   */
  async fileOfLink(t: Translator, query: unknown): Promise<{ key: string; kind: 'pdf' | 'ofd' | 'xml'; name: string } | null> {
    const params = this.links ? await this.links.check(INVOICE_FILE_PATH, query, ['f', 'u'] as const, ['l'] as const) : null;
    if (!params || !/^\d{1,12}$/.test(params.f) || !/^\d{1,12}$/.test(params.u)) return null;
    const row = await this.db
      .selectFrom('invoice_files')
      .innerJoin('invoice_applications', 'invoice_applications.id', 'invoice_files.application_id')
      .select(['invoice_files.file_key', 'invoice_files.kind', 'invoice_applications.invoice_number'])
      .where('invoice_files.id', '=', Number(params.f))
      .where('invoice_applications.user_id', '=', Number(params.u))
      .where('invoice_applications.status', '=', INVOICE_STATUS.issued)
      .executeTakeFirst();
    const language = supportedLanguage(params.l);
    const named = language ? translatorFor(language) : t;
    return row ? { key: row.file_key, kind: row.kind, name: invoiceFileName(named.t, row.invoice_number, row.kind) } : null;
  }

  /** The refusal reason of a refused application (spec section 7: shown as the confirm text). */
  async checkFail(userId: number, id: number): Promise<{ checkRemark: string }> {
    const row = await this.#owned(userId, id);
    if (row.status !== INVOICE_STATUS.refused) throw badRequest('invoice:notRefused');
    return { checkRemark: row.check_remark };
  }
}
