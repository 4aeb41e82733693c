import { filePresent } from '../evidence/index';
import {
  NOTARY_DOCUMENT_TYPES,
  NOTARY_PAGE_SIZE,
  NOTARY_PAY_METHOD,
  NOTARY_TRANSFER,
  SIGNATURE_MAX_BYTES,
  type EvidenceType,
  type NotaryApplicant,
  type NotaryDataRow,
  type NotaryEvidenceList,
  type NotaryDetail,
  type NotaryList,
  type NotaryPayMethod,
  type NotaryRow,
  type NotaryState,
  type NotaryStep,
} from '../../../contracts/index';
import { countAndPage, pageOf, withinTimeRange } from '../../db/paged';
import { fileLink } from '../../files/links';
import { formatChinaTime } from '../../lib/time';
import type { EvidenceRow } from '../evidence/index';
import { maskPhone } from '../../lib/mask';
import { toMoney } from '../orders/index';
import { imagePath, PIC_URL_TTL_SECONDS } from '../signatures/index';
import { type NotaryOrderRow, awaitsTransfer, NOTARIAL_KEYS, payCodeOf, notarialCodeOf } from './rules';
import { NotaryCore } from './core';

/** What the user reads of notarisation: the list, the wizard's state, the records to choose and an order's detail. */
export abstract class NotaryReading extends NotaryCore {
  async list(
    userId: number,
    filter: {
      page: number;
      payType: number;
      notarialType: number;
      orderNo: string;
      startTime?: number | undefined;
      endTime?: number | undefined;
    },
  ): Promise<NotaryList> {
    let query = this.ctx.db
      .selectFrom('notary_orders')
      .leftJoin('orders', 'orders.order_no', 'notary_orders.pay_order_no')
      .where('notary_orders.user_id', '=', userId);
    // Spec section 4: payment 1 pending (still to pay: unfinished), 2 paid; notarisation 1-4 by code.
    if (filter.payType === 1) query = query.where('notary_orders.paid_at', 'is', null).where('notary_orders.notarial', 'is', null);
    if (filter.payType === 2) query = query.where('notary_orders.paid_at', 'is not', null);
    if (filter.notarialType) query = query.where('notary_orders.notarial', '=', filter.notarialType);
    if (filter.orderNo) query = query.where('notary_orders.order_no', 'ilike', `%${filter.orderNo}%`);
    query = withinTimeRange(query, 'notary_orders.created_at', filter);
    const { count, rows } = await countAndPage(
      query,
      (q) =>
        q
          .selectAll('notary_orders')
          .select(['orders.status as pay_status', 'orders.expires_at as pay_expires_at'])
          .orderBy('notary_orders.id', 'desc'),
      pageOf(filter.page, NOTARY_PAGE_SIZE),
    );
    const list = rows.map((r): NotaryRow => {
      const { pay_status, pay_expires_at, ...row } = r;
      const payOrder = pay_status !== null && pay_expires_at !== null ? { status: pay_status, expires_at: pay_expires_at } : null;
      const payload = this.payload(row, payOrder);
      return {
        id: row.id,
        type: payload.type,
        orderNo: row.order_no,
        addTime: payload.addTime,
        number: row.record_count,
        step: row.step as NotaryStep,
        money: payload.money,
        pay: payload.pay,
        notarial: row.notarial ? this.t(NOTARIAL_KEYS[row.notarial] ?? '') : '',
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
  protected async applicant(userId: number): Promise<NotaryApplicant> {
    const [info, user] = await Promise.all([
      this.deps.kyc.authInfo(userId),
      this.ctx.db
        .selectFrom('users')
        .select(['phone', 'status', 'company', 'contact_name'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    if (info.organization) {
      const org = info.organization;
      return { status: 2, name: org.company, idNumber: org.taxNumber, contactName: org.contactName, contactPhone: org.contactPhone };
    }
    if (info.person) {
      return {
        status: 1,
        name: info.person.userName,
        idNumber: info.person.contactIdcard,
        contactName: info.person.userName,
        contactPhone: maskPhone(user.phone),
      };
    }
    const name = user.status === 2 ? user.company : user.contact_name;
    return { status: user.status === 2 ? 2 : 1, name, idNumber: '', contactName: user.contact_name, contactPhone: maskPhone(user.phone) };
  }

  /** What the wizard shows of an order. */
  async state(userId: number, orderId: number): Promise<NotaryState> {
    const row = await this.owned(userId, orderId);
    const [payOrder, user, applicant, seal, items] = await Promise.all([
      this.payOrder(row),
      this.ctx.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow(),
      row.application ? Promise.resolve(row.application.applicant) : this.applicant(userId),
      this.seal(row),
      this.ctx.db.selectFrom('notary_items').select('evidence_id').where('order_id', '=', row.id).orderBy('position').execute(),
    ]);
    const application = row.application;
    return {
      order: this.payload(row, payOrder),
      step: row.step as NotaryStep,
      notarialCode: notarialCodeOf(row),
      number: row.record_count,
      itemIds: items.map((i) => i.evidence_id),
      price: toMoney(row.price_per_record),
      applicant: { ...applicant, status: applicant.status === 2 ? 2 : 1 },
      application: application
        ? {
            purpose: application.purpose,
            purposeNote: application.purposeNote,
            copies: application.copies,
            delivery: application.delivery,
            address: application.address,
          }
        : null,
      seal,
      signedAt: row.signed_at ? formatChinaTime(row.signed_at) : '',
      decodeAt: row.decode_at ? formatChinaTime(row.decode_at) : '',
      points: toMoney(user.points),
      payMethod: (row.pay_method ?? 0) as NotaryPayMethod,
      transfer: {
        status: awaitsTransfer(row)
          ? NOTARY_TRANSFER.waiting
          : row.transfer_rejected_at && !row.transfer_at
            ? NOTARY_TRANSFER.rejected
            : NOTARY_TRANSFER.none,
        imageUrl: await this.transferUrl(row),
        submittedAt: row.transfer_at ? formatChinaTime(row.transfer_at) : '',
        rejectReason: row.transfer_at ? '' : row.transfer_reject_reason,
      },
      bank: this.bank(),
    };
  }

  /** The seal used once signed (its copy on the order); before that the user's default seal, or null. */
  protected async seal(row: NotaryOrderRow): Promise<NotaryState['seal']> {
    if (row.seal_file_key && row.signature_id !== null) {
      const link = await fileLink(this.ctx.links, {
        key: row.seal_file_key,
        name: `${row.seal_name ?? ''}.png`,
        type: 'image/png',
        disposition: 'inline',
        holder: { owner: row.user_id, record: 'notary', id: row.id },
      });
      return { id: row.signature_id, name: row.seal_name ?? '', picUrl: link.url };
    }
    const seal = await this.defaultSeal(row.user_id);
    return seal ? { id: seal.id, name: seal.name, picUrl: await this.deps.signer.sign(imagePath(seal.id), PIC_URL_TTL_SECONDS) } : null;
  }

  protected defaultSeal(userId: number) {
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
  protected async copyDefaultSeal(userId: number): Promise<{ id: number; name: string; key: string } | null> {
    const seal = await this.defaultSeal(userId);
    if (!seal || !(await this.deps.sealStore.has(seal.file_key))) return null;
    const { stream } = await this.deps.sealStore.open(seal.file_key);
    const stored = await this.ctx.files.put(stream, { maxBytes: SIGNATURE_MAX_BYTES });
    return { id: seal.id, name: seal.name, key: stored.key };
  }

  /** Rows of the data table and the selection list (spec section 3, detail rows by type). */
  protected async dataRows(rows: EvidenceRow[]): Promise<NotaryDataRow[]> {
    return Promise.all(
      rows.map(async (r): Promise<NotaryDataRow> => {
        const type = r.type as EvidenceType;
        if (type === 3) {
          return {
            id: r.id,
            type,
            baoquan_no: r.baoquan,
            name: r.title,
            url: r.source_url ?? '',
            label: r.label,
            time: formatChinaTime(r.created_at),
          };
        }
        const base = {
          id: r.id,
          baoquan: r.baoquan,
          title: r.title,
          label: r.label,
          saveTime: formatChinaTime(r.created_at),
          fileType: r.file_kind,
          fileUrl: r.path,
          fileStatus: (await filePresent(r, this.ctx.files)) ? (1 as const) : (0 as const),
        };
        return type === 2 || type === 4 ? { ...base, type, timeLength: r.duration_seconds ?? 0 } : { ...base, type };
      }),
    );
  }

  /** The owner's live records of one type, newest first, 10 a page (the selection of /notary/selectList). */
  async selectable(userId: number, filter: { type: EvidenceType; page: number; keyword: string }): Promise<NotaryEvidenceList> {
    let query = this.ctx.db
      .selectFrom('evidence')
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('type', '=', filter.type);
    if (filter.keyword) query = query.where('title', 'ilike', `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const { count, rows } = await countAndPage(
      query,
      (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      pageOf(filter.page, NOTARY_PAGE_SIZE),
    );
    const [list, seal] = await Promise.all([this.dataRows(rows), this.defaultSeal(userId)]);
    return { count, list, pricePerRecord: this.ctx.config.NOTARY_POINTS_PER_RECORD, hasDefaultSeal: Boolean(seal) };
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
    const row = await this.owned(userId, orderId);
    const [payOrder, rows, documents] = await Promise.all([this.payOrder(row), this.items(row.id, page), this.documents(row.id)]);
    const payload = this.payload(row, payOrder);
    const issued = new Map(documents.map((d) => [d.type, d.issued_at]));
    return {
      count: row.record_count,
      info: {
        orderNo: row.order_no,
        addTime: payload.addTime,
        money: payload.money,
        pay: payload.pay,
        payType: payload.payType,
        tranImg: row.pay_method === NOTARY_PAY_METHOD.transfer ? await this.transferUrl(row) : '',
        payMethod: (row.pay_method ?? 0) as NotaryPayMethod,
        type: payload.type,
        number: row.record_count,
        notarial: row.notarial ? this.t(NOTARIAL_KEYS[row.notarial] ?? '') : '',
        notarialCode: notarialCodeOf(row),
        payCode: payCodeOf(row),
        documents: NOTARY_DOCUMENT_TYPES.map((type) => {
          const at = issued.get(type);
          return { type, issued: at ? (1 as const) : (0 as const), issuedAt: at ? formatChinaTime(at) : '' };
        }),
        delivery: row.application?.delivery ?? 0,
        shipping: {
          courier: row.ship_courier,
          number: row.ship_number,
          shippedAt: row.shipped_at ? formatChinaTime(row.shipped_at) : '',
        },
      },
      list: await this.dataRows(rows),
    };
  }
}
