import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { databaseSecret } from '../lib/secrets';

/**
 * Short-lived signed links for stored files: `<path>?exp=<unix seconds>&sig=<HMAC-SHA256>`. The key is
 * kept in the database (table signing_keys), created once, so every API process signs and checks alike.
 * The signed text is the path plus the expiry, so a link opens that one resource until it expires.
 */
export class UrlSigner {
  readonly #loadKey: () => Promise<Buffer>;

  constructor(
    db: Kysely<DB>,
    private readonly clock: Clock,
    keyName = 'file-links',
  ) {
    this.#loadKey = databaseSecret(db, keyName);
  }

  async sign(path: string, ttlSeconds: number): Promise<string> {
    const exp = Math.floor(this.clock.now().getTime() / 1000) + ttlSeconds;
    const sig = await this.#mac(`${path}\n${exp}`);
    return `${path}?exp=${exp}&sig=${sig}`;
  }

  /** True when `sig` was made by sign() for this path and `exp` has not passed. */
  async verify(path: string, exp: string | undefined, sig: string | undefined): Promise<boolean> {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) * 1000 < this.clock.now().getTime()) return false;
    const expected = Buffer.from(await this.#mac(`${path}\n${exp}`));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async #mac(text: string): Promise<string> {
    return createHmac('sha256', await this.#loadKey())
      .update(text)
      .digest('base64url');
  }
}
