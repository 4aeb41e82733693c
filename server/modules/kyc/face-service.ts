import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, badRequest, notFound } from '../../http/errors';
import type { FaceProvider } from '../../providers/face';
import { notify } from '../notifications/index';
import type { KycRecords } from './records';
import { KycService } from './service';

/** How long a face check may be finished after it was started. */
export const FACE_TTL_SECONDS = 30 * 60;

/**
 * Face verification (authType 3): a check started at the face provider (the sandbox face page or Alipay identity
 * verification), polled by the user's page, decided by the provider's verdict. Passing verifies the user and asks
 * for the supplement, which the review desk then decides (KycService.decide).
 */
export class FaceService {
  constructor(
    private readonly ctx: AppContext,
    private readonly records: KycRecords,
    /** Who checks faces: the sandbox face page or Alipay identity verification. */
    private readonly face: FaceProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Starts a face check (authType 3) at the face provider; the user's state changes only when it is passed or
   * failed. A provider that cannot be reached answers a clear message and nothing is stored.
   */
  async startFace(
    userId: number,
    input: { username: string; idCard: string; type: '1' | '2' },
  ): Promise<{ url: string; certify_id: string }> {
    KycService.assertMaySubmit(await this.records.user(this.ctx.db, userId));
    let started: { certifyId: string; url: string };
    try {
      started = await this.face.start({ name: input.username, idNumber: input.idCard });
    } catch (error) {
      this.log.error({ err: error, provider: this.face.kind }, 'face verification could not start');
      throw badRequest('verification:faceUnavailable');
    }
    await this.ctx.db.transaction().execute(async (trx) => {
      KycService.assertMaySubmit(await this.records.user(trx, userId, true));
      await this.records.insert(
        trx,
        userId,
        'face',
        { userName: input.username, contactIdcard: input.idCard, authorSex: '', address: '' },
        {},
        started.certifyId,
      );
    });
    return { url: started.url, certify_id: started.certifyId };
  }

  #expired(createdAt: Date): boolean {
    return this.ctx.clock.now().getTime() - createdAt.getTime() > FACE_TTL_SECONDS * 1000;
  }

  /**
   * 200 passed, 202 (FACE_PENDING_CODE) waiting, 400 failed, expired, unknown or another user's. With a real
   * provider a waiting check is asked about at the provider, and a pass is applied as the sandbox page's is.
   */
  async queryFace(userId: number, certifyId: string): Promise<'passed' | 'pending'> {
    const row = await this.ctx.db
      .selectFrom('kyc_submissions')
      .select(['state', 'created_at'])
      .where('certify_id', '=', certifyId)
      .where('user_id', '=', userId)
      .where('kind', '=', 'face')
      .executeTakeFirst();
    if (!row || row.state === 'rejected') throw badRequest('verification:faceFailed');
    if (row.state === 'approved') return 'passed';
    if (this.#expired(row.created_at)) throw badRequest('verification:faceExpired');
    let passed: boolean | null = null;
    try {
      passed = await this.face.passed(certifyId);
    } catch (error) {
      // Asked again at the next poll.
      this.log.warn({ err: error, provider: this.face.kind }, 'face verification query failed');
    }
    if (!passed) return 'pending';
    await this.decideFace(certifyId, true).catch((error: unknown) => {
      // Decided meanwhile (another poll): the row says how.
      if (!(error instanceof ApiError)) throw error;
    });
    return this.queryFace(userId, certifyId);
  }

  /** The face page (sandbox provider) as the person sees it: a masked name, or null when it cannot be used. */
  async faceCheck(certifyId: string): Promise<{ name: string; state: string; expired: boolean } | null> {
    const row = await this.ctx.db
      .selectFrom('kyc_submissions')
      .select(['user_id', 'state', 'fields_enc', 'created_at'])
      .where('certify_id', '=', certifyId)
      .where('kind', '=', 'face')
      .executeTakeFirst();
    if (!row) return null;
    const name = this.records.open(row.user_id, row.fields_enc).userName ?? '';
    return {
      name: `${name.slice(0, 1)}${'*'.repeat(Math.max(name.length - 1, 1))}`,
      state: row.state,
      expired: this.#expired(row.created_at),
    };
  }

  /** The face provider's verdict. Passing verifies the user (authType 3) and asks for the supplement (repairType 1). */
  async decideFace(certifyId: string, passed: boolean): Promise<void> {
    const outcome = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('kyc_submissions')
        .select(['id', 'user_id', 'state', 'fields_enc', 'created_at'])
        .where('certify_id', '=', certifyId)
        .where('kind', '=', 'face')
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound();
      if (row.state !== 'pending' || this.#expired(row.created_at)) throw badRequest('verification:faceFinished');
      const user = await this.records.user(trx, row.user_id, true);
      // Another verification was submitted meanwhile: this check no longer decides anything.
      const stillOpen = user.user_status === 1 || user.user_status === 4;
      const approve = passed && stillOpen;
      await trx
        .updateTable('kyc_submissions')
        .set({
          state: approve ? 'approved' : 'rejected',
          decided_at: this.ctx.clock.now(),
          reason: approve ? '' : this.ctx.translator.t('verification:faceFailedReason'),
        })
        .where('id', '=', row.id)
        .execute();
      if (!stillOpen) return null;
      const name = this.records.open(row.user_id, row.fields_enc).userName ?? '';
      await trx
        .updateTable('users')
        .set(
          approve
            ? { status: 1, user_status: 3, auth_type: 3, repair_type: 1, contact_name: name, company: '' }
            : { status: 1, user_status: 4, auth_type: 3 },
        )
        .where('id', '=', user.id)
        .execute();
      const message = { key: approve ? 'verification:notifyFacePassed' : 'verification:notifyFaceFailed' };
      await notify({ db: trx, clock: this.ctx.clock }, user.id, message, { kind: 'verification', ref: 'person' });
      return { phone: user.phone, language: user.language, message, passed: approve };
    });
    if (outcome) await this.records.smsResult(outcome);
  }
}
