import type { AuthInfo, CompanyAuthorizeFields, OrganizationInfo, PerAuthorizeFields } from '../../../contracts/index';
import type { AppContext } from '../../context';
import type { ChangeHook } from '../../db/change-hook';
import type { UrlSigner } from '../../files/signed-url';
import { badRequest, notFound } from '../../http/errors';
import { formatChinaTime } from '../../lib/time';
import { type Message, notify, word } from '../notifications/index';
import { maskAccount, maskIdCard, maskPhone } from '../../lib/mask';
import type { KycRecords, StoredImages, UserRow } from './records';

export type { KycKind, StoredImages } from './records';

export const kycImagePath = (id: number, field: string) => `/api/kyc/image/${id}/${field}`;

/** A submission and its owner before a decision, as the staff audit records them. */
export interface KycDecisionBefore {
  state: string;
  userStatus: number;
  repairType: number;
}

/**
 * Real-name verification: the state machines of spec section 4 on the users row, one kyc_submissions row
 * per submission (text fields sealed with AES-256-GCM, images in a private store reached only by signed
 * links). Every change of state locks the owner's users row first, so two submissions cannot race.
 */
export class KycService {
  readonly #open: KycRecords['open'];
  readonly #user: KycRecords['user'];

  constructor(
    private readonly ctx: AppContext,
    private readonly records: KycRecords,
    private readonly signer: UrlSigner,
  ) {
    this.#open = records.open;
    this.#user = (trx, userId, lock) => records.user(trx, userId, lock);
  }

  /** userStatus 1 (not verified) and 4 (failed) may submit; 2 and 3 are refused with a clear message. */
  static assertMaySubmit(user: { user_status: number }): void {
    if (user.user_status === 2) throw badRequest('verification:underReview');
    if (user.user_status === 3) throw badRequest('verification:alreadyVerified');
  }

  /** Checked before a byte of an upload is read, and again under the lock when it is recorded. */
  async checkMaySubmit(userId: number): Promise<void> {
    KycService.assertMaySubmit(await this.#user(this.ctx.db, userId));
  }

  /** The supplement is open to a verified face user whose repairType is 1 (needed) or 4 (failed). */
  static assertMayRepair(user: UserRow): void {
    if (user.user_status !== 3 || user.auth_type !== 3) throw badRequest('verification:repairNotFace');
    if (user.repair_type === 2) throw badRequest('verification:repairUnderReview');
    if (user.repair_type !== 1 && user.repair_type !== 4) throw badRequest('verification:repairNotNeeded');
  }

  async checkMayRepair(userId: number): Promise<void> {
    KycService.assertMayRepair(await this.#user(this.ctx.db, userId));
  }

  async submitOrganization(userId: number, fields: CompanyAuthorizeFields, images: StoredImages): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      KycService.assertMaySubmit(await this.#user(trx, userId, true));
      await this.records.insert(trx, userId, 'organization', fields, images);
      await trx.updateTable('users').set({ status: 2, user_status: 2, auth_type: 0, repair_type: 0 }).where('id', '=', userId).execute();
    });
  }

  async submitDocument(userId: number, fields: PerAuthorizeFields, images: StoredImages): Promise<void> {
    const { agree: _agree, ...kept } = fields;
    await this.ctx.db.transaction().execute(async (trx) => {
      KycService.assertMaySubmit(await this.#user(trx, userId, true));
      await this.records.insert(trx, userId, 'document', kept, images);
      await trx.updateTable('users').set({ status: 1, user_status: 2, auth_type: 1, repair_type: 0 }).where('id', '=', userId).execute();
    });
  }

  async submitRepair(userId: number, images: StoredImages): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      KycService.assertMayRepair(await this.#user(trx, userId, true));
      await this.records.insert(trx, userId, 'supplement', {}, images);
      await trx.updateTable('users').set({ repair_type: 2 }).where('id', '=', userId).execute();
    });
  }

  /**
   * The review desk's verdict on an organisation, document or supplement submission (the sandbox desk's and the
   * staff console's). `onChange` runs last in the decision's transaction, with the rows as they were (the audit).
   */
  async decide(id: number, approve: boolean, reason: string, onChange?: ChangeHook<KycDecisionBefore>): Promise<void> {
    const outcome = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('kyc_submissions')
        .select(['id', 'user_id', 'kind', 'state', 'fields_enc'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.kind === 'face') throw notFound();
      if (row.state !== 'pending') throw badRequest('verification:alreadyDecided');
      const user = await this.#user(trx, row.user_id, true);
      const why = approve ? '' : reason.trim() || this.ctx.translator.t('verification:defaultReason');
      await trx
        .updateTable('kyc_submissions')
        .set({ state: approve ? 'approved' : 'rejected', reason: why, decided_at: this.ctx.clock.now() })
        .where('id', '=', row.id)
        .execute();
      const fields = this.#open(row.user_id, row.fields_enc);
      let key: string;
      if (row.kind === 'supplement') {
        if (user.repair_type !== 2) throw badRequest('verification:alreadyDecided');
        await trx
          .updateTable('users')
          .set({ repair_type: approve ? 3 : 4 })
          .where('id', '=', user.id)
          .execute();
        key = approve ? 'notifyRepairApproved' : 'notifyRepairRejected';
      } else {
        if (user.user_status !== 2) throw badRequest('verification:alreadyDecided');
        const organization = row.kind === 'organization';
        const verified = organization
          ? {
              user_status: 3,
              company: fields.company ?? '',
              contact_name: fields.contactName ?? '',
              contact_phone: fields.contactPhone ?? '',
            }
          : { user_status: 3, company: '', contact_name: fields.userName ?? '' };
        await trx
          .updateTable('users')
          .set(approve ? verified : { user_status: 4 })
          .where('id', '=', user.id)
          .execute();
        key = approve ? 'notifyApproved' : 'notifyRejected';
      }
      // An empty reason from the desk is the default reason, a word: translated when the message is read.
      const message: Message = {
        key: `verification:${key}`,
        params: { reason: approve ? '' : reason.trim() || word('verification:defaultReason') },
      };
      await notify({ db: trx, clock: this.ctx.clock }, user.id, message, {
        kind: 'verification',
        ref: row.kind === 'organization' ? 'organization' : 'person',
      });
      await onChange?.(trx, { state: row.state, userStatus: user.user_status, repairType: user.repair_type });
      return { phone: user.phone, language: user.language, message, passed: approve };
    });
    await this.records.smsResult(outcome);
  }

  async #images(id: number, files: string, ttl: number): Promise<{ field: string; url: string }[]> {
    const images = JSON.parse(files) as StoredImages;
    return Promise.all(Object.keys(images).map(async (field) => ({ field, url: await this.signer.sign(kycImagePath(id, field), ttl) })));
  }

  /** The owner's verification as getAuthInfo answers it: masked numbers, signed image links. */
  async authInfo(userId: number): Promise<AuthInfo> {
    const user = await this.#user(this.ctx.db, userId);
    const rows = await this.ctx.db
      .selectFrom('kyc_submissions')
      .select(['id', 'kind', 'state', 'fields_enc', 'files', 'reason', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    // The latest main submission; a face check still waiting or abandoned says nothing about the user.
    const main = rows.find((r) => r.kind === 'organization' || r.kind === 'document' || (r.kind === 'face' && r.state !== 'pending'));
    const supplement = rows.find((r) => r.kind === 'supplement');
    const ttl = this.ctx.config.FILE_LINK_TTL_SECONDS;
    const fields = main ? this.#open(userId, main.fields_enc) : null;
    const images = [
      ...(main ? await this.#images(main.id, main.files, ttl) : []),
      ...(supplement ? await this.#images(supplement.id, supplement.files, ttl) : []),
    ];
    return {
      userStatus: user.user_status,
      status: user.status,
      authType: user.auth_type,
      repairType: user.repair_type,
      state: main?.state ?? '',
      reason: main?.state === 'rejected' ? main.reason : '',
      repairReason: supplement?.state === 'rejected' ? supplement.reason : '',
      submittedAt: main ? formatChinaTime(main.created_at) : '',
      organization: main?.kind === 'organization' && fields ? maskOrganization(fields) : null,
      person:
        main && main.kind !== 'organization' && fields
          ? {
              userName: fields.userName ?? '',
              contactIdcard: maskIdCard(fields.contactIdcard ?? ''),
              authorSex: fields.authorSex ?? '',
              address: fields.address ?? '',
              authType: main.kind === 'face' ? 3 : 1,
            }
          : null,
      images,
    };
  }

  /** A submission's fields, unsealed (the owner's copy of their personal data: the caller masks what it must). */
  fieldsOf(userId: number, sealed: string): Record<string, string> {
    return this.#open(userId, sealed);
  }

  /** The stored image behind a signed link. */
  async imageOf(id: number, field: string): Promise<{ key: string; type: string } | null> {
    const row = await this.ctx.db.selectFrom('kyc_submissions').select('files').where('id', '=', id).executeTakeFirst();
    return row ? ((JSON.parse(row.files) as StoredImages)[field] ?? null) : null;
  }

  /**
   * Images of a refused upload: content is shared between equal files and another upload of the same bytes
   * may be about to name them, so they are left to the orphan sweep (files/sweep.ts).
   */
  async discard(_images: StoredImages): Promise<void> {}
}

function maskOrganization(f: Record<string, string>): OrganizationInfo {
  const v = (k: string) => f[k] ?? '';
  return {
    company: v('company'),
    taxNumber: v('taxNumber'),
    address: v('address'),
    legalName: v('legalName'),
    legalPhone: maskPhone(v('legalPhone')),
    legalIdcard: maskIdCard(v('legalIdcard')),
    legalAddress: v('legalAddress'),
    accountName: v('accountName'),
    accountBank: v('accountBank'),
    accountNo: maskAccount(v('accountNo')),
    contactName: v('contactName'),
    contactPhone: maskPhone(v('contactPhone')),
    contactIdcard: maskIdCard(v('contactIdcard')),
    authorName: v('authorName'),
    authorSex: v('authorSex'),
    authorBrith: v('authorBrith'),
    authorPhone: maskPhone(v('authorPhone')),
    authorIdcard: maskIdCard(v('authorIdcard')),
    authorAddress: v('authorAddress'),
  };
}
