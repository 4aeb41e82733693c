import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { userTranslator } from '../../http/language';
import { formatChinaTime } from '../../lib/time';
import { notificationText } from '../notifications/index';
import type { Row } from './csv';

/** One file pair of the copy: `<name>.json` and `<name>.csv`. */
export interface Section {
  name: SectionName;
  rows: Row[];
}

/** The files of the copy, in the order the README describes them. */
export const SECTION_NAMES = [
  'profile',
  'verification',
  'addresses',
  'invoice-headers',
  'invoice-applications',
  'orders',
  'points-ledger',
  'notifications',
  'seals',
  'evidence',
  'captures',
  'notary-orders',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** A seal's stored image, put in the zip beside seals.json (`seals/<id>.<ext>`). */
export interface SealImage {
  id: number;
  fileKey: string;
}

const time = (date: Date | null) => (date ? formatChinaTime(date) : '');
/** Amounts are kept in hundredths (yuan or points); the copy shows them as numbers with two decimals. */
const hundredths = (value: number) => Number(value) / 100;

/**
 * An identity number with every character hidden but the first and the last: the copy proves what
 * was verified without becoming a full identity document if it leaks.
 */
export function maskId(value: string): string {
  const chars = [...value];
  if (chars.length <= 2) return '*'.repeat(chars.length);
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars.at(-1)}`;
}

/** Verification fields that hold an identity-card number (organisation and person forms). */
const ID_FIELD = /idcard/i;

/** Reads a sealed verification submission's fields (KycService.fieldsOf). */
export type OpenFields = (userId: number, sealed: string) => Record<string, string>;

export interface CollectHelpers {
  openFields: OpenFields;
  /** The Chinese words of a capture's failure reason (`capture:reason_*`), as the user saw them. */
  captureReason: (reason: string) => string;
}

/**
 * Everything the copy holds about one user, read by their id only: every query is `WHERE user_id = :id`, so
 * nothing of another account can enter. Sections are read one by one; `step` reports each as it is done.
 */
export async function collectSections(
  db: Kysely<DB>,
  userId: number,
  { openFields, captureReason }: CollectHelpers,
  step: (done: number, total: number) => Promise<void>,
): Promise<{ sections: Section[]; seals: SealImage[] }> {
  const readers: Record<SectionName, () => Promise<Row[]>> = {
    profile: async () => {
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) return [];
      return [
        {
          userId: user.id,
          phone: user.phone,
          accountType: user.status,
          verificationStatus: user.user_status,
          company: user.company,
          contactName: user.contact_name,
          contactPhone: user.contact_phone,
          points: hundredths(user.points),
          extractCode: user.extract_code,
          registeredAt: time(user.created_at),
        },
      ];
    },
    verification: async () => {
      const rows = await db.selectFrom('kyc_submissions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
      return rows.map((row) => {
        let fields: Record<string, string> = {};
        try {
          fields = openFields(userId, row.fields_enc);
        } catch {
          fields = {};
        }
        const masked = Object.fromEntries(
          Object.entries(fields).map(([key, value]) => [`field.${key}`, ID_FIELD.test(key) ? maskId(String(value)) : String(value)]),
        );
        return {
          id: row.id,
          kind: row.kind,
          state: row.state,
          reason: row.reason,
          submittedAt: time(row.created_at),
          decidedAt: time(row.decided_at),
          images: Object.keys(JSON.parse(row.files) as Record<string, unknown>).join(' '),
          ...masked,
        };
      });
    },
    addresses: async () =>
      (await db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map((a) => ({
        id: a.id,
        name: a.name,
        phone: a.phone_number,
        email: a.email,
        province: a.province,
        city: a.city,
        area: a.area,
        address: a.address,
        isDefault: a.is_default,
        createdAt: time(a.created_at),
      })),
    'invoice-headers': async () =>
      (await db.selectFrom('invoice_headers').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map((h) => ({
        id: h.id,
        type: h.type,
        head: h.head,
        taxNumber: h.tax_num,
        bankName: h.bank_name,
        bankAccount: h.account,
        street: h.street,
        phone: h.phone_number,
        createdAt: time(h.created_at),
      })),
    'invoice-applications': async () =>
      (await db.selectFrom('invoice_applications').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map((a) => ({
        applyNo: a.apply_no,
        status: a.status,
        amount: hundredths(a.amount),
        orderCount: a.order_count,
        type: a.type,
        head: a.head,
        taxNumber: a.tax_num,
        bankName: a.bank_name,
        bankAccount: a.account,
        street: a.street,
        phone: a.phone_number,
        recipient: a.name,
        recipientPhone: a.post_phone_number,
        address: a.address,
        email: a.email,
        remark: a.remark,
        courierNumber: a.courier_number,
        createdAt: time(a.created_at),
        submittedAt: time(a.submitted_at),
        decidedAt: time(a.decided_at),
      })),
    orders: async () =>
      (await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map((o) => ({
        orderNo: o.order_no,
        type: o.type,
        description: o.description,
        amount: hundredths(o.amount),
        status: o.status,
        payType: o.pay_type,
        invoiceStatus: o.invoice_status,
        closeReason: o.close_reason,
        gatewayTradeNo: o.gateway_trade_no,
        createdAt: time(o.created_at),
        paidAt: time(o.paid_at),
        closedAt: time(o.closed_at),
      })),
    'points-ledger': async () =>
      (await db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map((p) => ({
        orderNo: p.order_no,
        kind: p.kind,
        amount: hundredths(p.amount),
        balanceAfter: hundredths(p.balance_after),
        description: p.description,
        createdAt: time(p.created_at),
      })),
    notifications: async () => {
      // Stored as keys: the copy shows each text as the owner reads it, in their language (the default without one).
      const owner = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
      const t = userTranslator(owner?.language);
      return (await db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map((n) => ({
        id: n.id,
        content: notificationText(t, n),
        isRead: n.is_read,
        subjectKind: n.subject_kind ?? '',
        subjectRef: n.subject_ref ?? '',
        createdAt: time(n.created_at),
      }));
    },
    seals: async () =>
      (await db.selectFrom('signatures').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map((s) => ({
        id: s.id,
        name: s.name,
        isDefault: s.is_default,
        size: s.file_size,
        image: '',
        createdAt: time(s.created_at),
      })),
    evidence: async () =>
      (await db.selectFrom('evidence').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map((e) => ({
        baoquan: e.baoquan,
        title: e.title,
        label: e.label,
        fileKind: e.file_kind,
        mime: e.mime,
        size: e.size,
        sha256: e.file_hash,
        chainhash: e.chainhash,
        logIndex: e.log_index,
        sourceUrl: e.source_url ?? '',
        savedAt: time(e.created_at),
        deletedAt: time(e.deleted_at),
      })),
    captures: async () =>
      (
        await db
          .selectFrom('captures as c')
          .leftJoin('evidence as e', (join) => join.onRef('e.id', '=', 'c.evidence_id').onRef('e.user_id', '=', 'c.user_id'))
          .selectAll('c')
          .select('e.baoquan')
          .where('c.user_id', '=', userId)
          .orderBy('c.id')
          .execute()
      ).map((c) => ({
        id: c.id,
        kind: c.kind,
        state: c.state,
        title: c.title,
        label: c.label,
        url: c.url ?? '',
        failReason: c.reason ? captureReason(c.reason) : '',
        points: hundredths(c.price),
        durationSeconds: c.duration_seconds,
        files: (c.files ?? []).map((file) => file.name).join(' '),
        baoquan: c.baoquan ?? '',
        orderNo: c.order_no ?? '',
        createdAt: time(c.created_at),
        startedAt: time(c.started_at),
        finishedAt: time(c.finished_at),
      })),
    'notary-orders': async () => {
      const orders = await db.selectFrom('notary_orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
      const ids = orders.map((o) => o.id);
      // The records of each order, and the documents the office issued (both only through this user's orders).
      const items =
        ids.length === 0
          ? []
          : await db
              .selectFrom('notary_items as i')
              .innerJoin('evidence as e', 'e.id', 'i.evidence_id')
              .select(['i.order_id', 'e.baoquan'])
              .where('i.order_id', 'in', ids)
              .orderBy('i.order_id')
              .orderBy('i.position')
              .execute();
      const documents =
        ids.length === 0
          ? []
          : await db
              .selectFrom('notary_documents')
              .select(['order_id', 'type'])
              .where('order_id', 'in', ids)
              .orderBy('order_id')
              .orderBy('type')
              .execute();
      return orders.map((o) => {
        const form = o.application;
        return {
          orderNo: o.order_no,
          evidenceType: o.type,
          step: o.step,
          notarial: o.notarial,
          recordCount: o.record_count,
          records: items
            .filter((item) => item.order_id === o.id)
            .map((item) => item.baoquan)
            .join(' '),
          pointsPerRecord: hundredths(o.price_per_record),
          points: hundredths(o.amount),
          applicantName: form?.applicant.name ?? '',
          // A person's identity number as in verification.json (first and last characters); an organisation's credit code as it is.
          applicantIdNumber: form ? (form.applicant.status === 2 ? form.applicant.idNumber : maskId(form.applicant.idNumber)) : '',
          contactName: form?.applicant.contactName ?? '',
          contactPhone: form?.applicant.contactPhone ?? '',
          purpose: form?.purpose ?? null,
          purposeNote: form?.purposeNote ?? '',
          copies: form?.copies ?? null,
          delivery: form?.delivery ?? null,
          deliveryAddress: form?.address ? `${form.address.name} ${form.address.phone} ${form.address.text}` : '',
          sealName: o.seal_name ?? '',
          payMethod: o.pay_method,
          payOrderNo: o.pay_order_no ?? '',
          documents: documents
            .filter((document) => document.order_id === o.id)
            .map((document) => document.type)
            .join(' '),
          failReason: o.fail_reason,
          voidReason: o.void_reason,
          transferRejectReason: o.transfer_reject_reason,
          createdAt: time(o.created_at),
          formSavedAt: time(o.form_saved_at),
          signedAt: time(o.signed_at),
          decryptionAuthorisedAt: time(o.decode_at),
          paidAt: time(o.paid_at),
          transferSentAt: time(o.transfer_at),
          acceptedAt: time(o.accepted_at),
          completedAt: time(o.completed_at),
          failedAt: time(o.failed_at),
          voidedAt: time(o.voided_at),
          refundedAt: time(o.refunded_at),
        };
      });
    },
  };
  const sections: Section[] = [];
  for (const [i, name] of SECTION_NAMES.entries()) {
    sections.push({ name, rows: await readers[name]() });
    await step(i + 1, SECTION_NAMES.length);
  }
  const seals = (await db.selectFrom('signatures').select(['id', 'file_key']).where('user_id', '=', userId).orderBy('id').execute()).map(
    (s) => ({ id: s.id, fileKey: s.file_key }),
  );
  return { sections, seals };
}
