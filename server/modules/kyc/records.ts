import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/errors';
import { userTranslator } from '../../http/language';
import { type Message, renderMessage } from '../notifications/index';
import { SmsSendError } from '../../providers/sms';
import { maskPhone } from '../../lib/mask';
import type { FieldCipher } from './crypto';

export type KycKind = 'organization' | 'document' | 'face' | 'supplement';
export type StoredImages = Record<string, { key: string; type: string }>;
export type UserRow = {
  id: number;
  phone: string;
  status: number;
  user_status: number;
  auth_type: number;
  repair_type: number;
  language: string | null;
};

/**
 * What the verification services share (KycService for submissions and the review, FaceService for face checks):
 * the owner's users row, sealed fields, a new kyc_submissions row and the result SMS.
 */
export class KycRecords {
  constructor(
    private readonly ctx: AppContext,
    private readonly cipher: FieldCipher,
  ) {}

  seal = (userId: number, fields: object) => this.cipher.seal(JSON.stringify(fields), `kyc:${userId}`);
  open = (userId: number, sealed: string) => JSON.parse(this.cipher.open(sealed, `kyc:${userId}`)) as Record<string, string>;

  /** The owner's row, locked for the transaction when `lock`; 404 when there is none. */
  async user(trx: Transaction<DB> | AppContext['db'], userId: number, lock = false): Promise<UserRow> {
    let query = trx
      .selectFrom('users')
      .select(['id', 'phone', 'status', 'user_status', 'auth_type', 'repair_type', 'language'])
      .where('id', '=', userId);
    if (lock) query = query.forUpdate();
    const user = await query.executeTakeFirst();
    if (!user) throw notFound();
    return user;
  }

  async insert(trx: Transaction<DB>, userId: number, kind: KycKind, fields: object, images: StoredImages, certifyId: string | null = null) {
    return trx
      .insertInto('kyc_submissions')
      .values({
        user_id: userId,
        kind,
        fields_enc: this.seal(userId, fields),
        files: JSON.stringify(images),
        certify_id: certifyId,
        created_at: this.ctx.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /**
   * The decision by SMS too, after it is committed: a gateway that fails is logged and changes nothing (the
   * in-app notification is there). The sandbox keeps the notification's full text; a real provider sends the
   * registered verification-result template with the result only (no free-text reason in an SMS template).
   */
  async smsResult(outcome: { phone: string; language: string | null; message: Message; passed: boolean }): Promise<void> {
    // In the recipient's language: the SMS is sent after the desk's decision, not in answer to the user.
    const t = userTranslator(outcome.language);
    const result = t.t(outcome.passed ? 'verification:smsResultPassed' : 'verification:smsResultFailed');
    const text = renderMessage(t, outcome.message);
    try {
      await this.ctx.sms.send({ phone: outcome.phone, kind: 'verificationResult', params: { result }, text });
    } catch (error) {
      const fields =
        error instanceof SmsSendError
          ? { failure: error.failure, providerCode: error.code, requestId: error.requestId, detail: error.message }
          : {
              errorName: error instanceof Error ? error.name : typeof error,
              detail: error instanceof Error ? error.message : String(error),
            };
      this.ctx.log.error(
        { provider: this.ctx.sms.kind, kind: 'verificationResult', phone: maskPhone(outcome.phone), ...fields },
        'verification result SMS not sent',
      );
    }
  }
}
