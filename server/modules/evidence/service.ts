import { filePresent, markFileMissing, markFilePresent } from './file-presence';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import {
  limitedCertificateSchema,
  type Certificate,
  type Evidence,
  type FileKind,
  type LimitedCertificate,
  type PublicRecord,
  type TrustedTime,
} from '../../../contracts/index';
import type { TransparencyLog } from '../../chain/log';
import type { AppContext } from '../../context';
import type { DB, EvidenceForensics } from '../../db/schema';
import { fileLink, type SignedLink } from '../../files/links';
import { obfuscatePath } from '../../files/obfuscate';
import { describeType } from '../../files/sniff';
import { FileTooLargeError } from '../../files/store';
import { ApiError, badRequest, notFound, tooManyRequests } from '../../http/errors';
import type { Limit } from '../../lib/rate-limit';
import { formatChinaTime, MINUTE_MS } from '../../lib/time';
import { findOwner, type EvidenceRow, type ListedRow } from './repository';
import { trustedTimeOf } from './trusted-time';
import { appForensicsFields, downloadName, maskName, newBaoquan, ownerName, sizeText, titleFromFileName } from './naming';

export { appForensicsFields, downloadName, kindOfMime, maskName, newBaoquan, ownerName, sizeText, titleFromFileName } from './naming';

/**
 * Wrong extraction codes allowed within a sliding 15 minutes: per owner account (the code is the account's:
 * all its records together, from any address) and per client address (all owners together). Once either
 * is used up every try answers 429, the right code too, until the window slides.
 */
export const SHARE_CODE_LIMITS = {
  perOwner: { max: 10, windowMs: 15 * MINUTE_MS },
  perAddress: { max: 20, windowMs: 15 * MINUTE_MS },
} as const;
/** The wrong-code buckets an extraction-code try counts in. */
export const shareCodeLimits = (ownerId: number, address: string): Limit[] => [
  { bucket: `share-code:owner:${ownerId}`, ...SHARE_CODE_LIMITS.perOwner },
  { bucket: `share-code:address:${address}`, ...SHARE_CODE_LIMITS.perAddress },
];
/** The mobile certificate QR code works for a day; previews opened from it for an hour. */
export const VIEW_TOKEN_TTL_SECONDS = 24 * 3600;
export const PREVIEW_TTL_SECONDS = 3600;
export const MOBILE_VIEW_PATH = '/mobile/attestation';

/** Kinds a phone can show inline (the mobile preview pages). */
const PREVIEWABLE = new Set<FileKind>(['image', 'video', 'audio', 'document']);

const asUserStatus = (n: number) => (n >= 1 && n <= 4 ? n : 1);

export type CertificateView = 'owner' | 'shared' | 'limited';

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

export interface PreserveInput {
  source: Readable;
  fileName: string | undefined;
  label: string;
  title: string | undefined;
  /** Evidence type code (spec section 9); 1 (data uploaded on the web) when absent. */
  type?: number;
  isApp?: boolean;
  /** Recorded length of process (2) and mobile (4) evidence. */
  durationSeconds?: number | null;
  /** The captured address of web evidence (3). */
  sourceUrl?: string | null;
  /** What the mobile app reports about where and how the evidence was taken. */
  forensics?: EvidenceForensics | null;
  /** Runs inside the transaction that appends the log entry and inserts the record (a capture's state and charge). */
  inTransaction?: (trx: Transaction<DB>, row: EvidenceRow) => Promise<void>;
}

export class EvidenceService {
  constructor(
    private readonly ctx: AppContext,
    readonly log: TransparencyLog,
  ) {}

  /**
   * Streams the upload into the store (hashed on the way), then appends the log entry and inserts the record
   * in one transaction. A broken or refused upload leaves no temporary file and no row.
   */
  async preserve(userId: number, input: PreserveInput): Promise<Evidence> {
    const { ctx } = this;
    const stored = await ctx.files.put(input.source, { maxBytes: ctx.config.UPLOAD_MAX_BYTES }).catch((error: unknown) => {
      if (error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new ApiError(413, 400, 'preservation:tooLarge', { size: sizeText(ctx.config.UPLOAD_MAX_BYTES) });
      }
      throw badRequest('preservation:uploadBroken');
    });
    const fileTitle = input.title || titleFromFileName(input.fileName) || ctx.translator.t('preservation:untitled');
    const { kind, mime } = describeType(stored.type, input.fileName ?? fileTitle);
    const owner = await this.log.ownerReference(userId);
    for (let attempt = 1; ; attempt++) {
      const now = ctx.clock.now();
      const baoquan = newBaoquan(now);
      try {
        const row = await ctx.db.transaction().execute(async (trx) => {
          const appended = await this.log.append(trx, { baoquan, filehash: stored.sha256, time: now, owner });
          const inserted = await trx
            .insertInto('evidence')
            .values({
              user_id: userId,
              baoquan,
              title: fileTitle,
              label: input.label,
              file_kind: kind,
              mime,
              file_key: stored.key,
              file_hash: stored.sha256,
              size: stored.size,
              path: obfuscatePath(`objects/${stored.key}`),
              log_index: appended.index,
              chainhash: appended.leafHash,
              created_at: now,
              ...(input.type === undefined ? {} : { type: input.type }),
              ...(input.isApp === undefined ? {} : { is_app: input.isApp }),
              duration_seconds: input.durationSeconds ?? null,
              source_url: input.sourceUrl ?? null,
              forensics: input.forensics ? JSON.stringify(input.forensics) : null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          // Records of the same bytes whose object had gone missing have it again.
          await markFilePresent(trx, stored.key);
          // What the caller records with the evidence (a capture's state, its charge) commits with it or not at all.
          if (input.inTransaction) await input.inTransaction(trx, inserted);
          return inserted;
        });
        const user = await findOwner(ctx.db, userId);
        return this.toEvidence(row, user?.user_status ?? 1, true, true);
      } catch (error) {
        // Two numbers drawn alike on one day: draw again (the transaction, log entry included, rolled back).
        const duplicate =
          (error as { code?: string }).code === '23505' &&
          String((error as { constraint?: string }).constraint ?? (error as Error).message).includes('baoquan');
        if (!duplicate || attempt >= 3) throw error;
      }
    }
  }

  toEvidence(row: ListedRow, userStatus: number, isSelf: boolean, present: boolean): Evidence {
    return {
      id: row.id,
      baoquan: row.baoquan,
      title: row.title,
      fileType: row.file_kind,
      label: row.label,
      saveTime: formatChinaTime(row.created_at),
      chainhash: row.chainhash,
      filehash: row.file_hash,
      size: row.size,
      path: row.path,
      isDownload: present ? 1 : 0,
      isSelf: isSelf ? 1 : 0,
      userStatus: asUserStatus(userStatus),
      isApp: row.is_app ? 1 : 0,
      // Status 1: the entry is covered by a signed checkpoint, which the append made in the same transaction.
      status: 1,
      // Spec section 3 names the app forensics as top-level fields; only the app's uploads (type 4) have them.
      ...appForensicsFields(row.forensics),
      duration: row.forensics?.duration ?? null,
    };
  }

  /** From the row (`file_present`, kept in step with the store), not from the store: lists, certificates. */
  async present(row: Pick<EvidenceRow, 'file_present' | 'file_key'>): Promise<boolean> {
    return filePresent(row, this.ctx.files);
  }

  /**
   * Asks the store (downloads and packages, which are about to read the bytes anyway) and records what it finds
   * in `file_present` when the row said otherwise.
   */
  async presentInStore(row: EvidenceRow): Promise<boolean> {
    const present = await this.ctx.files.has(row.file_key);
    if (present && row.file_present !== true) await markFilePresent(this.ctx.db, row.file_key);
    if (!present && row.file_present !== false) await markFileMissing(this.ctx.db, row.file_key);
    return present;
  }

  explorerUrl(chainhash: string): string {
    return this.ctx.config.EXPLORER_URL_TEMPLATE.replaceAll('{chainhash}', chainhash);
  }

  /** The certificate as `view` may see it; the limited one is its own allow-list (limitedCertificate). */
  async certificate(row: EvidenceRow, view: CertificateView): Promise<Certificate> {
    if (row.erased_at) {
      // Erased with its owner's account: nobody is its owner any more; what stays is verifiable.
      const trustedTime = await trustedTimeOf(this.ctx.db, row.log_index, !this.ctx.config.tsa);
      const shown = { owner: '', isDownload: 0 as const, explorerUrl: this.explorerUrl(row.chainhash), trustedTime };
      return { ...limitedCertificate(row, shown), deletedByOwner: true };
    }
    const owner = await findOwner(this.ctx.db, row.user_id);
    const name = owner ? ownerName(owner) : '';
    const isDownload = (await this.present(row)) ? 1 : 0;
    const trustedTime = await trustedTimeOf(this.ctx.db, row.log_index, !this.ctx.config.tsa);
    if (view === 'limited')
      return limitedCertificate(row, { owner: maskName(name), isDownload, explorerUrl: this.explorerUrl(row.chainhash), trustedTime });
    return {
      baoquan: row.baoquan,
      limited: false,
      title: row.title,
      label: row.label,
      fileType: row.file_kind,
      saveTime: formatChinaTime(row.created_at),
      size: row.size,
      chainhash: row.chainhash,
      filehash: row.file_hash,
      isSelf: view === 'owner' ? 1 : 0,
      isApp: row.is_app ? 1 : 0,
      isDownload,
      owner: view === 'owner' ? name : maskName(name),
      // Where and on what device app evidence was taken is the owner's to share.
      forensics: row.forensics,
      explorerUrl: this.explorerUrl(row.chainhash),
      evidenceType: row.type,
      sourceUrl: row.source_url,
      trustedTime,
    };
  }

  /**
   * Checks an extraction code against the record owner's. Every try is counted first (per owner and per
   * client address, SHARE_CODE_LIMITS) and taken back when the code is right; a try over either limit
   * answers 429 whatever is typed.
   */
  async checkCode(request: FastifyRequest, row: EvidenceRow, code: string): Promise<void> {
    const attempt = await this.ctx.limiter.claim(shareCodeLimits(row.user_id, request.ip));
    if (!attempt.allowed) {
      throw tooManyRequests('preservation:codeLocked', { minutes: SHARE_CODE_LIMITS.perOwner.windowMs / MINUTE_MS });
    }
    const owner = await findOwner(this.ctx.db, row.user_id);
    const expected = owner?.extract_code ?? '';
    if (expected === '' || !sameSecret(code, expected)) throw badRequest('preservation:wrongCode');
    await attempt.release();
  }

  /** A signed link to the record's bytes; refused with the spec's message when the stored object is missing. */
  async fileLink(row: EvidenceRow, disposition: 'inline' | 'attachment' = 'attachment', ttlSeconds?: number): Promise<SignedLink> {
    if (!(await this.presentInStore(row))) throw badRequest('preservation:fileMissing');
    return fileLink(
      this.ctx.links,
      {
        key: row.file_key,
        name: downloadName(row),
        type: row.mime,
        disposition,
        holder: { owner: row.user_id, record: 'evidence', id: row.id },
      },
      ttlSeconds,
    );
  }

  /** The mobile certificate token: the signature of a link to /mobile/attestation/{no}, as `<exp>.<sig>`. */
  async viewToken(row: EvidenceRow): Promise<{ viewToken: string; expiresAt: number }> {
    const link = await this.ctx.links.create(MOBILE_VIEW_PATH, { b: row.baoquan }, VIEW_TOKEN_TTL_SECONDS);
    const sig = new URL(link.url, 'http://x.invalid').searchParams.get('sig') ?? '';
    return { viewToken: `${link.expiresAt}.${sig}`, expiresAt: link.expiresAt };
  }

  async checkViewToken(no: string, token: string): Promise<boolean> {
    const [exp, sig] = token.split('.', 2);
    return (await this.ctx.links.check(MOBILE_VIEW_PATH, { b: no, exp, sig }, ['b'])) !== null;
  }

  canPreview(row: EvidenceRow): boolean {
    return PREVIEWABLE.has(row.file_kind);
  }
}

/**
 * The limited certificate: named fields picked from the record into a new object (an allow-list, checked
 * against its own contract), never the full view with fields blanked. No title, label, forensics or
 * captured address; the owner as masked by the caller.
 */
export function limitedCertificate(
  row: Pick<EvidenceRow, 'baoquan' | 'file_kind' | 'created_at' | 'size' | 'chainhash' | 'file_hash' | 'is_app' | 'type'>,
  shown: { owner: string; isDownload: 0 | 1; explorerUrl: string; trustedTime: TrustedTime | null },
): LimitedCertificate {
  const view: LimitedCertificate = {
    baoquan: row.baoquan,
    limited: true,
    title: null,
    label: null,
    fileType: row.file_kind,
    saveTime: formatChinaTime(row.created_at),
    size: row.size,
    chainhash: row.chainhash,
    filehash: row.file_hash,
    isSelf: 0,
    isApp: row.is_app ? 1 : 0,
    isDownload: shown.isDownload,
    owner: shown.owner,
    forensics: null,
    explorerUrl: shown.explorerUrl,
    evidenceType: row.type,
    sourceUrl: null,
    trustedTime: shown.trustedTime,
  };
  return limitedCertificateSchema.parse(view);
}

/** What a public lookup (bqno, checkNo) tells about a record: enough to verify, nothing of owner or content. */
export function publicRecord(
  row: Pick<EvidenceRow, 'baoquan' | 'file_kind' | 'created_at' | 'chainhash' | 'file_hash'> & { erased_at?: Date | null },
): PublicRecord {
  return {
    baoquan: row.baoquan,
    fileType: row.file_kind,
    saveTime: formatChinaTime(row.created_at),
    chainhash: row.chainhash,
    filehash: row.file_hash,
    ...(row.erased_at ? { deletedByOwner: true } : {}),
  };
}

export const missing = () => notFound('preservation:notFound');
