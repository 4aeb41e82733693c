import type { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import { SIGNATURE_MAX_BYTES, type Signature } from '../../../contracts/index';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { FileTooLargeError, FileTypeError, type FileStore } from '../../files/store';
import type { UrlSigner } from '../../files/signed-url';
import { formatChinaTime } from '../../lib/time';

/** How long a pic_url works: long enough to look at a page, short enough that a leaked link soon dies. */
export const PIC_URL_TTL_SECONDS = 15 * 60;

export const imagePath = (id: number) => `/api/signature/image/${id}`;

type Row = { id: number; name: string; file_key: string; is_default: boolean; created_at: Date };

/**
 * Signature seals (签章): png images in the private file store, exactly one default per owner whenever
 * the owner has any. Every change of the mark happens in one transaction; a partial unique index in the
 * database forbids two defaults even if a bug tried.
 */
export class SignatureService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly store: FileStore,
    private readonly signer: UrlSigner,
  ) {}

  async #toSignature(r: Row): Promise<Signature> {
    return {
      id: r.id,
      name: r.name,
      pic_url: await this.signer.sign(imagePath(r.id), PIC_URL_TTL_SECONDS),
      add_time: formatChinaTime(r.created_at),
      is_default: r.is_default ? '1' : '0',
    };
  }

  async list(userId: number): Promise<Signature[]> {
    const rows = await this.db
      .selectFrom('signatures')
      .select(['id', 'name', 'file_key', 'is_default', 'created_at'])
      .where('user_id', '=', userId)
      // The default first, then the newest.
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return Promise.all(rows.map((r) => this.#toSignature(r)));
  }

  /** Streams the png into the store (type by content, size while streaming), then records the seal. */
  async upload(userId: number, input: { name: string; isDefault: boolean; file: Readable }): Promise<Signature> {
    let stored;
    try {
      stored = await this.store.put(input.file, { maxBytes: SIGNATURE_MAX_BYTES, accept: (type) => type === 'png' });
    } catch (error) {
      if (error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw badRequest('validation:signatureTooLarge');
      }
      if (error instanceof FileTypeError) throw badRequest('validation:signaturePngOnly');
      throw error;
    }
    const row = await this.db.transaction().execute(async (trx) => {
      // The owner's row lock serialises this account's seal changes, so "first seal is the default" holds.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      const existing = await trx.selectFrom('signatures').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
      const makeDefault = input.isDefault || !existing;
      if (makeDefault) await clearDefault(trx, userId);
      return trx
        .insertInto('signatures')
        .values({
          user_id: userId,
          name: input.name,
          file_key: stored.key,
          file_size: stored.size,
          is_default: makeDefault,
          created_at: this.clock.now(),
        })
        .returning(['id', 'name', 'file_key', 'is_default', 'created_at'])
        .executeTakeFirstOrThrow();
    });
    return this.#toSignature(row);
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await ownedForUpdate(trx, userId, id);
      await trx.deleteFrom('signatures').where('id', '=', id).execute();
      if (current.is_default) {
        // The mark passes to the newest seal left, so there is still exactly one default.
        const next = await trx.selectFrom('signatures').select('id').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
        if (next) await trx.updateTable('signatures').set({ is_default: true }).where('id', '=', next.id).execute();
      }
    });
    // Equal images are stored once and a new upload of the same image may be about to name the bytes
    // again: they are deleted only by the orphan sweep (files/sweep.ts), once no row names them.
  }

  async setDefault(userId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await ownedForUpdate(trx, userId, id);
      if (current.is_default) return;
      await clearDefault(trx, userId);
      await trx.updateTable('signatures').set({ is_default: true }).where('id', '=', id).execute();
    });
  }

  /** The file key behind a signed image link, or null when the seal is gone. */
  async fileOf(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('signatures').select('file_key').where('id', '=', id).executeTakeFirst();
    return row?.file_key ?? null;
  }
}

/** Another user's seal answers exactly like a missing one. */
async function ownedForUpdate(trx: Transaction<DB>, userId: number, id: number) {
  const row = await trx
    .selectFrom('signatures')
    .select(['id', 'is_default', 'file_key'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

const clearDefault = (trx: Transaction<DB>, userId: number) =>
  trx.updateTable('signatures').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).execute();
