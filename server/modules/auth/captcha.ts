import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { renderCaptchaSvg } from './captcha-image';
import { LIMITS } from './limits';
import { sha256 } from './secrets';

const answerHash = (id: string, answer: string) => sha256(`${id}:${answer.trim().toUpperCase()}`);

export class CaptchaService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly newText: () => string,
    /** Sandbox only: lets the tester's tools read an issued answer (see /sandbox/captcha.json). */
    private readonly onIssued?: (captchaId: string, text: string) => void,
  ) {}

  async issue(): Promise<{ captchaId: string; image: string }> {
    const now = this.clock.now();
    const id = randomUUID();
    const text = this.newText();
    // Keeps the table small without a background job: old captchas are useless after their expiry.
    await this.db
      .deleteFrom('captchas')
      .where('expires_at', '<', new Date(now.getTime() - LIMITS.captchaTtlMs))
      .execute();
    await this.db
      .insertInto('captchas')
      .values({ id, answer_hash: answerHash(id, text), created_at: now, expires_at: new Date(now.getTime() + LIMITS.captchaTtlMs) })
      .execute();
    this.onIssued?.(id, text);
    return { captchaId: id, image: renderCaptchaSvg(text) };
  }

  /** Single use: the captcha is spent by the first check, right or wrong, so it cannot be guessed repeatedly. */
  async consume(captchaId: string, answer: string): Promise<void> {
    const now = this.clock.now();
    const row = await this.db
      .updateTable('captchas')
      .set({ used_at: now })
      .where('id', '=', captchaId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('answer_hash')
      .executeTakeFirst();
    if (!row || row.answer_hash !== answerHash(captchaId, answer)) throw badRequest('validation:captchaWrong');
  }
}
