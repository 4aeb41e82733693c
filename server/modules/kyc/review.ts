import type { Kysely } from 'kysely';
import { STAFF_PAGE_SIZE, type KycReviewDetail, type KycReviewList, type KycReviewRow, type KycReviewView } from '../../../contracts/index';
import { countAndPage, pageOf } from '../../db/paged';
import type { DB } from '../../db/schema';
import type { UrlSigner } from '../../files/signed-url';
import { notFound } from '../../http/errors';
import { formatChinaTime } from '../../lib/time';
import { maskAccount, maskIdCard, maskPhone } from '../../lib/mask';
import type { FieldCipher } from './crypto';
import { kycImagePath, type StoredImages } from './service';

type ReviewKind = KycReviewRow['kind'];

const ID_FIELDS = new Set(['legalIdcard', 'contactIdcard', 'authorIdcard']);
const PHONE_FIELDS = new Set(['legalPhone', 'contactPhone', 'authorPhone']);

/** A field as the review detail shows it before the audited view: ID numbers, phones and bank accounts masked. */
function masked(name: string, value: string): string {
  if (ID_FIELDS.has(name)) return maskIdCard(value);
  if (PHONE_FIELDS.has(name)) return maskPhone(value);
  if (name === 'accountNo') return maskAccount(value);
  return value;
}

/** The first character of a name and an asterisk for each other one: the list names a person without spelling the name out. */
const maskName = (name: string) => (name ? `${name.slice(0, 1)}${'*'.repeat(Math.max(name.length - 1, 1))}` : '');

/**
 * What reviewers read of real-name submissions (organisation, personal documents, supplements; face checks are
 * the face provider's): the queue, one submission masked, and the clear view with the images' signed links, which
 * the staff desk audits before answering. Decisions go through KycService.decide, as the sandbox desk's do.
 */
export class KycReview {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly cipher: FieldCipher,
    private readonly signer: UrlSigner,
    private readonly linkTtlSeconds: number,
  ) {}

  #open = (userId: number, sealed: string) => JSON.parse(this.cipher.open(sealed, `kyc:${userId}`)) as Record<string, string>;

  async #images(id: number, files: string, ttl: number): Promise<{ field: string; url: string }[]> {
    const images = JSON.parse(files) as StoredImages;
    return Promise.all(Object.keys(images).map(async (field) => ({ field, url: await this.signer.sign(kycImagePath(id, field), ttl) })));
  }

  #row(r: {
    id: number;
    user_id: number;
    kind: string;
    state: KycReviewRow['state'];
    fields_enc: string;
    created_at: Date;
    decided_at: Date | null;
    reason: string;
    phone: string;
  }): KycReviewRow {
    const fields = this.#open(r.user_id, r.fields_enc);
    const kind = r.kind as ReviewKind;
    return {
      id: r.id,
      kind,
      state: r.state,
      phone: r.phone,
      applicant: kind === 'organization' ? (fields.company ?? '') : maskName(fields.userName ?? ''),
      submittedAt: formatChinaTime(r.created_at),
      decidedAt: r.decided_at ? formatChinaTime(r.decided_at) : '',
      reason: r.reason,
    };
  }

  #base() {
    return this.db
      .selectFrom('kyc_submissions')
      .innerJoin('users', 'users.id', 'kyc_submissions.user_id')
      .where('kyc_submissions.kind', '!=', 'face');
  }

  /** The queue: pending ones oldest first (the order they came in), decided ones newest first; 10 a page. */
  async list(filter: { page: number; kind: ReviewKind | ''; state: KycReviewRow['state'] | ''; phone: string }): Promise<KycReviewList> {
    let query = this.#base();
    if (filter.kind) query = query.where('kyc_submissions.kind', '=', filter.kind);
    if (filter.state) query = query.where('kyc_submissions.state', '=', filter.state);
    if (filter.phone) query = query.where('users.phone', 'like', `%${filter.phone}%`);
    const { count, rows } = await countAndPage(
      query,
      (q) =>
        q
          .select([
            'kyc_submissions.id',
            'kyc_submissions.user_id',
            'kyc_submissions.kind',
            'kyc_submissions.state',
            'kyc_submissions.fields_enc',
            'kyc_submissions.created_at',
            'kyc_submissions.decided_at',
            'kyc_submissions.reason',
            'users.phone',
          ])
          .orderBy('kyc_submissions.id', filter.state === 'pending' ? 'asc' : 'desc'),
      pageOf(filter.page, STAFF_PAGE_SIZE),
    );
    return { count, list: rows.map((r) => this.#row(r)) };
  }

  async #find(id: number) {
    const row = await this.#base()
      .selectAll('kyc_submissions')
      .select(['users.phone', 'users.user_status', 'users.repair_type'])
      .where('kyc_submissions.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('verification:submissionMissing');
    return row;
  }

  async detail(id: number): Promise<KycReviewDetail> {
    const row = await this.#find(id);
    const fields = this.#open(row.user_id, row.fields_enc);
    return {
      ...this.#row(row),
      userStatus: row.user_status,
      repairType: row.repair_type,
      fields: Object.entries(fields).map(([name, value]) => ({ name, value: masked(name, value) })),
      images: Object.keys(JSON.parse(row.files) as StoredImages),
    };
  }

  /** Everything in clear, and links to the images valid for FILE_LINK_TTL_SECONDS. The staff desk audits the view before it answers. */
  async reveal(id: number): Promise<KycReviewView> {
    const row = await this.#find(id);
    const fields = this.#open(row.user_id, row.fields_enc);
    return {
      id: row.id,
      phone: row.phone,
      fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
      images: await this.#images(row.id, row.files, this.linkTtlSeconds),
      expiresIn: this.linkTtlSeconds,
    };
  }
}
