import type { Readable } from 'node:stream';
import type { Selectable, Transaction } from 'kysely';
import {
  NOTARY_DELIVERY,
  NOTARY_PAGE_SIZE,
  NOTARY_PAY_METHOD,
  NOTARY_TRANSFER,
  NOTARY_TRANSFER_MAX_BYTES,
  SIGNATURE_MAX_BYTES,
  type EvidenceType,
  type NotarialCode,
  type NotaryApplicant,
  type NotaryDataRow,
  type NotaryDetail,
  type NotaryDocumentType,
  type NotaryList,
  type NotaryOrder,
  type NotaryPayCode,
  type NotaryPayMethod,
  type NotaryPayment,
  type NotaryRow,
  type NotaryState,
  type NotaryStep,
} from '../../../src/shared/api/contracts/index';
import type { AppContext } from '../../context';
import type { DB, NotaryApplication, NotaryOrdersTable } from '../../db/schema';
import { countAndPage, pageOf, withinTimeRange } from '../../db/paged';
import { fileLink } from '../../files/links';
import type { UrlSigner } from '../../files/signed-url';
import { FileTooLargeError, FileTypeError, type FileStore } from '../../files/store';
import { badRequest, notFound } from '../../http/errors';
import { formatChinaTime } from '../../lib/time';
import type { EvidenceRow } from '../evidence/repository';
import { findOwnedMany } from '../evidence/repository';
import { maskPhone } from '../kyc/crypto';
import type { KycService } from '../kyc/service';
import { newOrderNo, refundPoints } from '../ledger/service';
import { notify } from '../notifications/service';
import type { OrderRow, OrderService } from '../orders/service';
import { STATUS, toMoney } from '../orders/service';
import { imagePath, PIC_URL_TTL_SECONDS } from '../signatures/service';

export type NotaryOrderRow = Selectable<NotaryOrdersTable>;

/** The signed path of an order's transfer screenshot (GET, an <img> reads it; the signature is the access check). */
export const transferImagePath = (orderId: number) => `/api/notary/transfer/${orderId}`;

/** Waiting for the office to confirm a bank transfer. */
const awaitsTransfer = (row: Pick<NotaryOrderRow, 'transfer_at' | 'paid_at' | 'notarial'>) => row.transfer_at !== null && row.paid_at === null && row.notarial === null;

/** Notarisation status codes stored in notary_orders.notarial (null while unfinished). */
export const NOTARIAL_STATE = { inProgress: 1, succeeded: 2, voided: 3, failed: 4 } as const;

const NOTARIAL_KEYS: Record<number, string> = {
  1: 'notarisation:notarialInProgress',
  2: 'notarisation:notarialSucceeded',
  3: 'notarisation:notarialVoided',
  4: 'notarisation:notarialFailed',
};
const PAY_KEYS: Record<NotaryPayCode, string> = {
  0: '',
  1: 'notarisation:payPending',
  2: 'notarisation:payPaid',
  3: 'notarisation:payRefunded',
};
/** What must be done before a step may be done. */
const PREREQUISITE: Record<NotaryStep, string> = {
  1: '',
  2: 'notarisation:formFirst',
  3: 'notarisation:signFirst',
  4: 'notarisation:decodeFirst',
};

/** A change raced a new payment order of the same notary order: read again and retry. */
class PayOrderMoved extends Error {}

export function payCodeOf(row: Pick<NotaryOrderRow, 'paid_at' | 'refunded_at' | 'notarial'>): NotaryPayCode {
  if (row.refunded_at) return 3;
  if (row.paid_at) return 2;
  return row.notarial === NOTARIAL_STATE.voided ? 0 : 1;
}

const notarialCodeOf = (row: Pick<NotaryOrderRow, 'notarial'>): NotarialCode => (row.notarial ?? 0) as NotarialCode;

/** A pending payment order that can still be paid. */
const isLive = (order: Pick<OrderRow, 'status' | 'expires_at'> | null | undefined, now: Date): boolean =>
  Boolean(order && order.status === STATUS.pending && order.expires_at.getTime() > now.getTime());

export interface DeskTransfer {
  id: number;
  orderNo: string;
  phone: string;
  applicant: string;
  money: string;
  submittedAt: string;
  imageUrl: string;
}

export interface DeskOrder {
  id: number;
  orderNo: string;
  phone: string;
  applicant: string;
  type: number;
  number: number;
  money: string;
  paidAt: string;
  accepted: boolean;
  purpose: number;
  purposeNote: string;
  copies: number;
  delivery: number;
  /** Paid by bank transfer (the money is in yuan, not points). */
  transfer: boolean;
}

/**
 * Notarisation orders: the four-step machine of an unfinished order (1 application form, 2 signature with
 * the default seal, 3 decryption authorisation, 4 payment with points through /api/Evidences/pay), the
 * notary office's decisions (accept, complete, fail) and its documents, stop with refund. Every change
 * locks rows in one order — the payment order (orders), then the notary order, then the owner (ledger) —
 * the same order the points payment takes (OrderService.payWithPoints, then the hook below), so concurrent
 * stops, payments and desk decisions serialise without deadlock. Another user's order answers as a missing one.
 */
export class NotaryService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
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
    deps.orders.onPaidWithPoints(3, (trx, order) => this.#paid(trx, order));
  }

  get #t() {
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

  async #owned(userId: number, orderId: number): Promise<NotaryOrderRow> {
    const row = await this.ctx.db.selectFrom('notary_orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw notFound('notarisation:orderMissing');
    return row;
  }

  async #payOrder(row: NotaryOrderRow): Promise<OrderRow | null> {
    if (!row.pay_order_no) return null;
    return (await this.ctx.db.selectFrom('orders').selectAll().where('order_no', '=', row.pay_order_no).executeTakeFirst()) ?? null;
  }

  #payload(row: NotaryOrderRow, payOrder: Pick<OrderRow, 'status' | 'expires_at'> | null): NotaryOrder {
    const payCode = payCodeOf(row);
    const key = payCode === 1 && awaitsTransfer(row) ? 'notarisation:payConfirming' : PAY_KEYS[payCode];
    const added = row.paid_at !== null || isLive(payOrder, this.ctx.clock.now());
    return {
      id: row.id,
      orderNo: row.order_no,
      type: row.type as EvidenceType,
      addTime: formatChinaTime(row.created_at),
      money: toMoney(row.amount),
      pay: key ? this.#t(key) : '',
      payType: this.#payTypeText(row),
      addOrder: added ? 1 : 0,
      proOrderNo: added ? (row.pay_order_no ?? '') : '',
    };
  }

  #payTypeText(row: NotaryOrderRow): string {
    if (row.pay_method === NOTARY_PAY_METHOD.transfer && (row.paid_at || row.transfer_at)) return this.#t('notarisation:payTypeTransfer');
    return row.paid_at ? this.#t('payment:payTypePoints') : '';
  }

  #transferUrl(row: NotaryOrderRow): Promise<string> {
    return row.transfer_file_key ? this.deps.signer.sign(transferImagePath(row.id), PIC_URL_TTL_SECONDS) : Promise.resolve('');
  }

  /** The office's receiving account (configuration, else the sandbox office's from the locale). */
  #bank() {
    const c = this.ctx.config;
    return {
      accountName: c.NOTARY_BANK_ACCOUNT_NAME ?? this.#t('notarisation:bankSandboxAccountName'),
      bankName: c.NOTARY_BANK_NAME ?? this.#t('notarisation:bankSandboxBank'),
      accountNo: c.NOTARY_BANK_ACCOUNT_NO ?? this.#t('notarisation:bankSandboxAccountNo'),
    };
  }

  async list(
    userId: number,
    filter: { page: number; payType: number; notarialType: number; orderNo: string; startTime?: number | undefined; endTime?: number | undefined },
  ): Promise<NotaryList> {
    let query = this.ctx.db.selectFrom('notary_orders').leftJoin('orders', 'orders.order_no', 'notary_orders.pay_order_no').where('notary_orders.user_id', '=', userId);
    // Spec section 4: payment 1 pending (still to pay: unfinished), 2 paid; notarisation 1-4 by code.
    if (filter.payType === 1) query = query.where('notary_orders.paid_at', 'is', null).where('notary_orders.notarial', 'is', null);
    if (filter.payType === 2) query = query.where('notary_orders.paid_at', 'is not', null);
    if (filter.notarialType) query = query.where('notary_orders.notarial', '=', filter.notarialType);
    if (filter.orderNo) query = query.where('notary_orders.order_no', 'ilike', `%${filter.orderNo}%`);
    query = withinTimeRange(query, 'notary_orders.created_at', filter);
    const { count, rows } = await countAndPage(
      query,
      (q) => q.selectAll('notary_orders').select(['orders.status as pay_status', 'orders.expires_at as pay_expires_at']).orderBy('notary_orders.id', 'desc'),
      pageOf(filter.page, NOTARY_PAGE_SIZE),
    );
    const list = rows.map((r): NotaryRow => {
      const { pay_status, pay_expires_at, ...row } = r;
      const payOrder = pay_status !== null && pay_expires_at !== null ? { status: pay_status, expires_at: pay_expires_at } : null;
      const payload = this.#payload(row, payOrder);
      return {
        id: row.id,
        type: payload.type,
        orderNo: row.order_no,
        addTime: payload.addTime,
        number: row.record_count,
        step: row.step as NotaryStep,
        money: payload.money,
        pay: payload.pay,
        notarial: row.notarial ? this.#t(NOTARIAL_KEYS[row.notarial] ?? '') : '',
        addOrder: payload.addOrder,
        payCode: payCodeOf(row),
        notarialCode: notarialCodeOf(row),
        proOrderNo: payload.proOrderNo,
        payMethod: (row.pay_method ?? 0) as NotaryPayMethod,
      };
    });
    return { count, list };
  }

  /** The applicant as verified (spec: from the verification data; company for organisations), numbers masked. */
  async #applicant(userId: number): Promise<NotaryApplicant> {
    const [info, user] = await Promise.all([
      this.deps.kyc.authInfo(userId),
      this.ctx.db.selectFrom('users').select(['phone', 'status', 'company', 'contact_name']).where('id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    if (info.organization) {
      const org = info.organization;
      return { status: 2, name: org.company, idNumber: org.taxNumber, contactName: org.contactName, contactPhone: org.contactPhone };
    }
    if (info.person) {
      return { status: 1, name: info.person.userName, idNumber: info.person.contactIdcard, contactName: info.person.userName, contactPhone: maskPhone(user.phone) };
    }
    const name = user.status === 2 ? user.company : user.contact_name;
    return { status: user.status === 2 ? 2 : 1, name, idNumber: '', contactName: user.contact_name, contactPhone: maskPhone(user.phone) };
  }

  /** What the wizard shows of an order. */
  async state(userId: number, orderId: number): Promise<NotaryState> {
    const row = await this.#owned(userId, orderId);
    const [payOrder, user, applicant, seal, items] = await Promise.all([
      this.#payOrder(row),
      this.ctx.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow(),
      row.application ? Promise.resolve(row.application.applicant) : this.#applicant(userId),
      this.#seal(row),
      this.ctx.db.selectFrom('notary_items').select('evidence_id').where('order_id', '=', row.id).orderBy('position').execute(),
    ]);
    const application = row.application;
    return {
      order: this.#payload(row, payOrder),
      step: row.step as NotaryStep,
      notarialCode: notarialCodeOf(row),
      number: row.record_count,
      itemIds: items.map((i) => i.evidence_id),
      price: toMoney(row.price_per_record),
      applicant: { ...applicant, status: applicant.status === 2 ? 2 : 1 },
      application: application
        ? { purpose: application.purpose, purposeNote: application.purposeNote, copies: application.copies, delivery: application.delivery, address: application.address }
        : null,
      seal,
      signedAt: row.signed_at ? formatChinaTime(row.signed_at) : '',
      decodeAt: row.decode_at ? formatChinaTime(row.decode_at) : '',
      points: toMoney(user.points),
      payMethod: (row.pay_method ?? 0) as NotaryPayMethod,
      transfer: {
        status: awaitsTransfer(row) ? NOTARY_TRANSFER.waiting : row.transfer_rejected_at && !row.transfer_at ? NOTARY_TRANSFER.rejected : NOTARY_TRANSFER.none,
        imageUrl: await this.#transferUrl(row),
        submittedAt: row.transfer_at ? formatChinaTime(row.transfer_at) : '',
        rejectReason: row.transfer_at ? '' : row.transfer_reject_reason,
      },
      bank: this.#bank(),
    };
  }

  /** The seal used once signed (its copy on the order); before that the user's default seal, or null. */
  async #seal(row: NotaryOrderRow): Promise<NotaryState['seal']> {
    if (row.seal_file_key && row.signature_id !== null) {
      const link = await fileLink(this.ctx.links, { key: row.seal_file_key, name: `${row.seal_name ?? ''}.png`, type: 'image/png', disposition: 'inline' });
      return { id: row.signature_id, name: row.seal_name ?? '', picUrl: link.url };
    }
    const seal = await this.#defaultSeal(row.user_id);
    return seal ? { id: seal.id, name: seal.name, picUrl: await this.deps.signer.sign(imagePath(seal.id), PIC_URL_TTL_SECONDS) } : null;
  }

  #defaultSeal(userId: number) {
    return this.ctx.db
      .selectFrom('signatures')
      .select(['id', 'name', 'file_key'])
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .executeTakeFirst();
  }

  /**
   * The default seal's image copied into the shared file store (content-addressed, never deleted), so the
   * order keeps the image it was signed with even if the seal is deleted later.
   */
  async #copyDefaultSeal(userId: number): Promise<{ id: number; name: string; key: string } | null> {
    const seal = await this.#defaultSeal(userId);
    if (!seal || !(await this.deps.sealStore.has(seal.file_key))) return null;
    const { stream } = await this.deps.sealStore.open(seal.file_key);
    const stored = await this.ctx.files.put(stream, { maxBytes: SIGNATURE_MAX_BYTES });
    return { id: seal.id, name: seal.name, key: stored.key };
  }

  /** Rows of the data table and the selection list (spec section 3, detail rows by type). */
  async #dataRows(rows: EvidenceRow[]): Promise<NotaryDataRow[]> {
    return Promise.all(
      rows.map(async (r): Promise<NotaryDataRow> => {
        const type = r.type as EvidenceType;
        if (type === 3) {
          return { id: r.id, type, baoquan_no: r.baoquan, name: r.title, url: r.source_url ?? '', label: r.label, time: formatChinaTime(r.created_at) };
        }
        const base = {
          id: r.id,
          baoquan: r.baoquan,
          title: r.title,
          label: r.label,
          saveTime: formatChinaTime(r.created_at),
          fileType: r.file_kind,
          fileUrl: r.path,
          fileStatus: (await this.ctx.files.has(r.file_key)) ? (1 as const) : (0 as const),
        };
        return type === 2 || type === 4 ? { ...base, type, timeLength: r.duration_seconds ?? 0 } : { ...base, type };
      }),
    );
  }

  /** The owner's live records of one type, newest first, 10 a page (the selection of /notary/selectList). */
  async selectable(userId: number, filter: { type: EvidenceType; page: number; keyword: string }): Promise<{ count: number; list: NotaryDataRow[] }> {
    let query = this.ctx.db.selectFrom('evidence').where('user_id', '=', userId).where('deleted_at', 'is', null).where('type', '=', filter.type);
    if (filter.keyword) query = query.where('title', 'ilike', `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const { count, rows } = await countAndPage(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), pageOf(filter.page, NOTARY_PAGE_SIZE));
    return { count, list: await this.#dataRows(rows) };
  }

  /** Evidence of an order in the order chosen (deleted records stay: they were notarised as they were). */
  async items(orderId: number, page?: number): Promise<EvidenceRow[]> {
    let query = this.ctx.db
      .selectFrom('notary_items')
      .innerJoin('evidence', 'evidence.id', 'notary_items.evidence_id')
      .selectAll('evidence')
      .where('notary_items.order_id', '=', orderId)
      .orderBy('notary_items.position');
    if (page !== undefined) {
      const { limit, offset } = pageOf(page, NOTARY_PAGE_SIZE);
      query = query.limit(limit).offset(offset);
    }
    return query.execute();
  }

  async documents(orderId: number) {
    return this.ctx.db.selectFrom('notary_documents').selectAll().where('order_id', '=', orderId).orderBy('type').execute();
  }

  /** Spec: orderId, page -> count, info (orderNo, addTime, money, pay, payType, tranImg), list of 10. */
  async detail(userId: number, orderId: number, page: number): Promise<NotaryDetail> {
    const row = await this.#owned(userId, orderId);
    const [payOrder, rows, documents] = await Promise.all([this.#payOrder(row), this.items(row.id, page), this.documents(row.id)]);
    const payload = this.#payload(row, payOrder);
    const issued = new Map(documents.map((d) => [d.type, d.issued_at]));
    return {
      count: row.record_count,
      info: {
        orderNo: row.order_no,
        addTime: payload.addTime,
        money: payload.money,
        pay: payload.pay,
        payType: payload.payType,
        tranImg: row.pay_method === NOTARY_PAY_METHOD.transfer ? await this.#transferUrl(row) : '',
        payMethod: (row.pay_method ?? 0) as NotaryPayMethod,
        type: payload.type,
        number: row.record_count,
        notarial: row.notarial ? this.#t(NOTARIAL_KEYS[row.notarial] ?? '') : '',
        notarialCode: notarialCodeOf(row),
        payCode: payCodeOf(row),
        documents: ([1, 2, 3, 4] as const).map((type) => {
          const at = issued.get(type);
          return { type, issued: at ? (1 as const) : (0 as const), issuedAt: at ? formatChinaTime(at) : '' };
        }),
      },
      list: await this.#dataRows(rows),
    };
  }

  // ---- changes --------------------------------------------------------------------------------------------

  /**
   * Runs `change` on a notary order with its rows locked in the service's order (payment order, notary order;
   * the ledger takes the owner last). `userId` null is the notary office (any order).
   */
  async #change<T>(userId: number | null, orderId: number, change: (trx: Transaction<DB>, row: NotaryOrderRow, payOrder: OrderRow | null) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let peek = this.ctx.db.selectFrom('notary_orders').select(['pay_order_no']).where('id', '=', orderId);
      if (userId !== null) peek = peek.where('user_id', '=', userId);
      const seen = await peek.executeTakeFirst();
      if (!seen) throw notFound('notarisation:orderMissing');
      try {
        return await this.ctx.db.transaction().execute(async (trx) => {
          const payOrder = seen.pay_order_no
            ? ((await trx.selectFrom('orders').selectAll().where('order_no', '=', seen.pay_order_no).forUpdate().executeTakeFirst()) ?? null)
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

  /** Refuses any step on an order that is no longer unfinished, naming why. */
  static assertUnfinished(row: Pick<NotaryOrderRow, 'notarial'>): void {
    if (row.notarial === NOTARIAL_STATE.voided) throw badRequest('notarisation:orderVoided');
    if (row.notarial === NOTARIAL_STATE.inProgress) throw badRequest('notarisation:orderPaid');
    if (row.notarial === NOTARIAL_STATE.succeeded) throw badRequest('notarisation:orderSucceeded');
    if (row.notarial === NOTARIAL_STATE.failed) throw badRequest('notarisation:orderFailed');
  }

  /** The step machine: only the current step may be done; earlier ones are done, later ones wait. */
  static assertStep(row: Pick<NotaryOrderRow, 'notarial' | 'step'>, step: NotaryStep): void {
    NotaryService.assertUnfinished(row);
    if (row.step < step) throw badRequest(PREREQUISITE[step]);
    if (row.step > step) throw badRequest('notarisation:stepDone');
  }

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
    return { ...this.#payload(row, null), step: 1 };
  }

  /** Step 1: the application form; the applicant is taken from the verification, the address copied. */
  async saveApplication(
    userId: number,
    input: { orderId: number; purpose: number; purposeNote: string; copies: number; delivery: number; addressId?: number | undefined },
  ): Promise<void> {
    await this.assertMayApply(userId);
    const applicant = await this.#applicant(userId);
    let address: NotaryApplication['address'] = null;
    if (input.delivery === NOTARY_DELIVERY.mail) {
      const found = await this.ctx.db
        .selectFrom('addresses')
        .selectAll()
        .where('id', '=', input.addressId ?? 0)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!found) throw badRequest('notarisation:addressMissing');
      address = { id: found.id, name: found.name, phone: found.phone_number, text: `${found.province}${found.city}${found.area}${found.address}` };
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
    await this.#change(userId, input.orderId, async (trx, row) => {
      NotaryService.assertStep(row, 1);
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
    NotaryService.assertStep(await this.#owned(userId, orderId), 2);
    const seal = await this.#copyDefaultSeal(userId);
    if (!seal) throw badRequest('notarisation:noDefaultSeal');
    await this.#change(userId, orderId, async (trx, row) => {
      NotaryService.assertStep(row, 2);
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
    await this.#change(userId, orderId, async (trx, row) => {
      NotaryService.assertStep(row, 3);
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
    const { row, payOrderNo } = await this.#change(userId, orderId, async (trx, row, payOrder) => {
      NotaryService.assertStep(row, 4);
      if (awaitsTransfer(row)) throw badRequest('notarisation:transferPending');
      if (payOrder && isLive(payOrder, now)) return { row, payOrderNo: payOrder.order_no };
      const order = await trx
        .insertInto('orders')
        .values({
          order_no: newOrderNo(now, 'G'),
          user_id: userId,
          type: 3,
          description: this.#t('notarisation:payOrderDesc', { orderNo: row.order_no, count: row.record_count }),
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
   * The notarisation's part of a points payment (OrderService.payWithPoints, order row already locked): the
   * order must be waiting for this payment at step 4; it becomes in progress and its application form is
   * issued. A type-3 order no notarisation names (the sandbox's stand-in orders) is left alone.
   */
  async #paid(trx: Transaction<DB>, order: OrderRow): Promise<void> {
    const row = await trx.selectFrom('notary_orders').selectAll().where('pay_order_no', '=', order.order_no).forUpdate().executeTakeFirst();
    if (!row) return;
    NotaryService.assertStep(row, 4);
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
      const seen = await this.#owned(userId, orderId);
      NotaryService.assertStep(seen, 4);
      if (awaitsTransfer(seen)) throw badRequest('notarisation:transferPending');
    } catch (error) {
      source.resume();
      throw error;
    }
    let stored;
    try {
      stored = await this.deps.transferStore.put(source, { maxBytes: NOTARY_TRANSFER_MAX_BYTES, accept: (type) => type === 'png' || type === 'jpeg' });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw badRequest('notarisation:transferImageTooLarge');
      if (error instanceof FileTypeError) throw badRequest('notarisation:transferImageType');
      throw error;
    }
    if (stored.size === 0) {
      await this.#forgetTransferFile(stored.key);
      throw badRequest('notarisation:transferImageRequired');
    }
    try {
      await this.#change(userId, orderId, async (trx, row, payOrder) => {
        NotaryService.assertStep(row, 4);
        if (awaitsTransfer(row)) throw badRequest('notarisation:transferPending');
        const now = this.ctx.clock.now();
        if (payOrder && payOrder.status === STATUS.pending) {
          await trx.updateTable('orders').set({ status: STATUS.cancelled, close_reason: 'voided', closed_at: now }).where('id', '=', payOrder.id).execute();
        }
        await trx
          .updateTable('notary_orders')
          .set({ pay_method: NOTARY_PAY_METHOD.transfer, transfer_file_key: stored.key, transfer_at: now })
          .where('id', '=', row.id)
          .execute();
      });
    } catch (error) {
      await this.#forgetTransferFile(stored.key);
      throw error;
    }
  }

  /** Equal images are stored once: the bytes go when no order names them any more. */
  async #forgetTransferFile(key: string): Promise<void> {
    const used = await this.ctx.db.selectFrom('notary_orders').select('id').where('transfer_file_key', '=', key).limit(1).executeTakeFirst();
    if (!used) await this.deps.transferStore.remove(key);
  }

  /** The stored screenshot of an order (for its signed link), or null. */
  async transferFileOf(orderId: number): Promise<string | null> {
    const row = await this.ctx.db.selectFrom('notary_orders').select('transfer_file_key').where('id', '=', orderId).executeTakeFirst();
    return row?.transfer_file_key ?? null;
  }

  /** Transfers waiting for the office's confirmation, oldest first. */
  async deskTransfers(): Promise<DeskTransfer[]> {
    const rows = await this.ctx.db
      .selectFrom('notary_orders')
      .innerJoin('users', 'users.id', 'notary_orders.user_id')
      .selectAll('notary_orders')
      .select('users.phone')
      .where('notary_orders.transfer_at', 'is not', null)
      .where('notary_orders.notarial', 'is', null)
      .where('notary_orders.paid_at', 'is', null)
      .orderBy('notary_orders.transfer_at')
      .orderBy('notary_orders.id')
      .limit(100)
      .execute();
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        orderNo: r.order_no,
        phone: r.phone,
        applicant: r.application?.applicant.name ?? '',
        money: toMoney(r.amount).toFixed(2),
        submittedAt: r.transfer_at ? formatChinaTime(r.transfer_at) : '',
        imageUrl: await this.#transferUrl(r),
      })),
    );
  }

  /**
   * The office's decision on a transfer: confirm (paid, in progress, the application form issued — as after a
   * points payment) or reject with a reason (back to step 4: the screenshot is dropped). The user is notified.
   */
  async decideTransfer(orderId: number, action: 'confirm' | 'reject', reason: string): Promise<void> {
    const dropped = await this.#change(null, orderId, async (trx, row) => {
      if (!awaitsTransfer(row)) throw badRequest('notarisation:transferNotPending');
      const now = this.ctx.clock.now();
      if (action === 'confirm') {
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.inProgress, paid_at: now, transfer_confirmed_at: now })
          .where('id', '=', row.id)
          .execute();
        await trx.insertInto('notary_documents').values({ order_id: row.id, type: 1, issued_at: now }).execute();
        await notify({ db: trx, clock: this.ctx.clock }, row.user_id, this.#t('notarisation:notifyTransferConfirmed', { orderNo: row.order_no }), { kind: 'notary', ref: String(row.id) });
        return null;
      }
      await trx
        .updateTable('notary_orders')
        .set({ pay_method: null, transfer_file_key: null, transfer_at: null, transfer_rejected_at: now, transfer_reject_reason: reason })
        .where('id', '=', row.id)
        .execute();
      await notify({ db: trx, clock: this.ctx.clock }, row.user_id, this.#t('notarisation:notifyTransferRejected', { orderNo: row.order_no, reason }), { kind: 'notary', ref: String(row.id) });
      return row.transfer_file_key;
    });
    if (dropped) await this.#forgetTransferFile(dropped);
  }

  /**
   * POST /api/Evidences/stop: voids an order the notary office has not accepted. An unfinished order's pending
   * payment order is cancelled; a paid one (awaiting acceptance) gets its points back, once (the ledger's
   * unique refund per order; the notary row lock makes a concurrent stop see the order voided).
   */
  async stop(userId: number, orderId: number): Promise<{ refunded: number }> {
    return this.#change(userId, orderId, async (trx, row, payOrder) => {
      if (row.notarial === NOTARIAL_STATE.voided) throw badRequest('notarisation:orderVoided');
      if (row.notarial === NOTARIAL_STATE.succeeded) throw badRequest('notarisation:stopSucceeded');
      if (row.notarial === NOTARIAL_STATE.failed) throw badRequest('notarisation:orderFailed');
      if (row.notarial === NOTARIAL_STATE.inProgress && row.accepted_at) throw badRequest('notarisation:stopAccepted');
      const now = this.ctx.clock.now();
      let refunded = 0;
      if (row.pay_method === NOTARY_PAY_METHOD.transfer && (row.paid_at || row.transfer_at)) {
        // No points were charged: money sent by bank transfer goes back the same way, from the office.
        await notify({ db: trx, clock: this.ctx.clock }, row.user_id, this.#t('notarisation:notifyStoppedTransfer', { orderNo: row.order_no }), { kind: 'notary', ref: String(row.id) });
      } else if (row.paid_at && row.pay_order_no) {
        refunded = await this.#refund(trx, row, 'notarisation:refundStopDesc');
        await notify(
          { db: trx, clock: this.ctx.clock },
          row.user_id,
          this.#t('notarisation:notifyStopped', { orderNo: row.order_no, points: toMoney(refunded).toFixed(2) }),
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

  /** Gives the order's points back through the ledger (once) and marks its payment order refunded. */
  async #refund(trx: Transaction<DB>, row: NotaryOrderRow, descriptionKey: string): Promise<number> {
    if (!row.pay_order_no) return 0;
    const { refunded } = await refundPoints(trx, { clock: this.ctx.clock }, row.user_id, {
      orderNo: row.pay_order_no,
      description: this.#t(descriptionKey, { orderNo: row.order_no }),
    });
    await trx
      .updateTable('orders')
      .set({ close_reason: 'refunded', closed_at: this.ctx.clock.now() })
      .where('order_no', '=', row.pay_order_no)
      .execute();
    return refunded;
  }

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
    await this.#change(null, orderId, async (trx, row) => {
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
        text = this.#t('notarisation:notifyAccepted', { orderNo: row.order_no });
      } else if (action === 'complete') {
        if (!row.accepted_at) throw badRequest('notarisation:deskAcceptFirst');
        await trx.updateTable('notary_orders').set({ notarial: NOTARIAL_STATE.succeeded, completed_at: now }).where('id', '=', row.id).execute();
        await trx.insertInto('notary_documents').values({ order_id: row.id, type: 4, issued_at: now }).execute();
        text = this.#t('notarisation:notifyCompleted', { orderNo: row.order_no });
      } else if (row.pay_method === NOTARY_PAY_METHOD.transfer) {
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.failed, failed_at: now, fail_reason: reason, refunded_at: now })
          .where('id', '=', row.id)
          .execute();
        text = this.#t('notarisation:notifyFailedTransfer', { orderNo: row.order_no, reason });
      } else {
        const refunded = await this.#refund(trx, row, 'notarisation:refundFailDesc');
        await trx
          .updateTable('notary_orders')
          .set({ notarial: NOTARIAL_STATE.failed, failed_at: now, fail_reason: reason, refunded_at: now })
          .where('id', '=', row.id)
          .execute();
        text = this.#t('notarisation:notifyFailed', { orderNo: row.order_no, reason, points: toMoney(refunded).toFixed(2) });
      }
      await notify({ db: trx, clock: this.ctx.clock }, row.user_id, text, { kind: 'notary', ref: String(row.id) });
    });
  }

  // ---- documents -------------------------------------------------------------------------------------------

  /**
   * A document of a paid order: the issued document's stored PDF (rendered on first download from the
   * order's frozen data), or the "being generated" text while the office has not issued it yet.
   */
  async documentFor(userId: number, orderId: number, type: NotaryDocumentType): Promise<{ row: NotaryOrderRow; issuedAt: Date; fileKey: string | null } | 'generating'> {
    const row = await this.#owned(userId, orderId);
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
    await this.ctx.db.updateTable('notary_documents').set({ file_key: fileKey }).where('order_id', '=', orderId).where('type', '=', type).execute();
  }
}
