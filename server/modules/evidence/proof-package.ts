import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import {
  PROOF_FILE_NAME,
  PROOF_PACKAGE_FORMAT,
  VERIFY_PAGE_NAME,
  type Checkpoint,
  type ProofCheckpoint,
  type ProofPackage,
} from '../../../contracts/index';
import type { CheckpointTimestamper } from '../../chain/timestamps';
import type { TransparencyLog } from '../../chain/log';
import type { FileStore } from '../../files/store';
import type { Translator } from '../../i18n';
import { formatChinaTime } from '../../lib/time';
import { readContent } from '../../content';
import { uniqueNames } from './batch';
import type { EvidenceRow } from './repository';
import { downloadName } from './service';
import { verifyPage } from './verify-page';

/** One record of a package: its row, its proof and its certificate PDF, rendered when the zip reaches it. */
export interface ProofPackageItem {
  row: EvidenceRow;
  proof: ProofPackage;
  renderCertificate: () => Promise<Buffer>;
}

/**
 * The proofs of a package. Each record is proved against the earliest timestamped checkpoint that includes
 * it (its trusted time); when none is yet, the newest checkpoint is timestamped now (once for the whole package) so a
 * package made right after preserving still carries its token. A TSA that fails leaves the token out: the verifiers
 * then say the timestamp step failed, the rest still checks. Every proof ends at the same latest checkpoint.
 */
export class ProofBuilder {
  #ticked: Promise<unknown> | null = null;

  constructor(
    private readonly log: TransparencyLog,
    private readonly timestamps: CheckpointTimestamper,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async #withKey(checkpoint: Checkpoint): Promise<ProofCheckpoint> {
    const key = await this.log.publicKey(checkpoint.keyId);
    if (!key) throw new Error(`no published key ${checkpoint.keyId}`);
    const { timestampToken, ...rest } = checkpoint;
    return { ...rest, timestampToken: timestampToken ?? null, publicKey: key.publicKey };
  }

  async #stampFor(leafIndex: number) {
    const stamp = await this.timestamps.covering(leafIndex);
    if (stamp) return stamp;
    this.#ticked ??= this.timestamps.tick().catch((error: unknown) => this.logger.warn({ err: error }, 'proof package: timestamp failed'));
    await this.#ticked;
    return this.timestamps.covering(leafIndex);
  }

  async build(
    rows: readonly EvidenceRow[],
    files: readonly string[],
    certificates: readonly (string | null)[],
    now: Date,
  ): Promise<ProofPackage[]> {
    const anchors = await this.timestamps.trustAnchors().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'proof package: the authority is unavailable');
      return [] as Uint8Array[];
    });
    const timestampAuthority = {
      sandbox: this.timestamps.sandbox,
      certificates: anchors.map((der) => Buffer.from(der).toString('base64')),
    };
    const out: ProofPackage[] = [];
    for (const [i, row] of rows.entries()) {
      const first = await this.log.proof(row.chainhash);
      if (!first) throw new Error(`no log entry for ${row.chainhash}`);
      const stamp = await this.#stampFor(first.leafIndex);
      const at = stamp ? await this.log.checkpointAt(stamp.treeSize) : null;
      const proof = (at && (await this.log.proof(row.chainhash, at))) || first;
      const latest = await this.log.latestCheckpoint();
      const checkpoint = { ...proof.checkpoint, timestampToken: stamp && at ? stamp.token : null };
      out.push({
        format: PROOF_PACKAGE_FORMAT,
        createdAt: now.toISOString(),
        record: { baoquan: row.baoquan, title: row.title, saveTime: formatChinaTime(row.created_at), chainhash: row.chainhash },
        file: { path: files[i]!, sha256: row.file_hash, size: row.size },
        certificate: certificates[i] ?? null,
        entry: proof.entry,
        leafIndex: proof.leafIndex,
        leafHash: proof.leafHash,
        auditPath: proof.auditPath,
        checkpoint: await this.#withKey(checkpoint),
        timestampAuthority,
        consistency: await this.log.consistency(checkpoint.treeSize, latest.treeSize),
        latestCheckpoint: await this.#withKey(latest),
      });
    }
    return out;
  }
}

/** The names inside one record's folder: proof.json, the certificate and the evidence file, never clashing. */
export function recordNames(t: Translator, row: EvidenceRow, reserved: readonly string[]): { file: string; certificate: string } {
  const names = uniqueNames([
    ...reserved,
    PROOF_FILE_NAME,
    t.t('proof-package:certificateFile', { baoquan: row.baoquan }),
    downloadName(row),
  ]);
  return { certificate: names.at(-2)!, file: names.at(-1)! };
}

/** The package's instructions (content/proof-package/howto.md) in `language`, else the default language's. */
export const howtoText = (language: string): Promise<Buffer> => readContent(language, 'proof-package', 'howto.md');

/**
 * The zip, streamed as it is made (yazl, as the batch download): one record at the root; a batch in one folder per
 * record (its preservation number), with one verify.html and one instructions file at the root, both in the language of
 * `t` (the request's). Evidence files are stored as they are, opened when the zip reaches them; certificate PDFs are
 * rendered then too.
 */
export async function streamProofPackage(
  store: FileStore,
  t: Translator,
  items: readonly ProofPackageItem[],
  trustedKeyIds: readonly string[],
  now: Date,
): Promise<Readable> {
  const zip = new ZipFile();
  const mtime = now;
  const single = items.length === 1;
  zip.addBuffer(await verifyPage(t.language, trustedKeyIds), VERIFY_PAGE_NAME, { mtime });
  zip.addBuffer(await howtoText(t.language), t.t('proof-package:howtoFile'), { mtime });
  for (const { row, proof, renderCertificate } of items) {
    const folder = single ? '' : `${row.baoquan}/`;
    zip.addReadStreamLazy(`${folder}${proof.file.path}`, { mtime, compress: false, size: row.size }, (cb) => {
      cb(null, store.openRange(row.file_key, 0, Math.max(0, row.size - 1), row.size === 0));
    });
    if (proof.certificate) {
      zip.addReadStreamLazy(`${folder}${proof.certificate}`, { mtime, compress: false }, (cb) => {
        renderCertificate().then(
          (bytes) => cb(null, Readable.from([bytes])),
          (error: unknown) => cb(error instanceof Error ? error : new Error(String(error)), null as unknown as Readable),
        );
      });
    }
    zip.addBuffer(Buffer.from(`${JSON.stringify(proof, null, 2)}\n`, 'utf8'), `${folder}${PROOF_FILE_NAME}`, { mtime });
  }
  zip.end();
  return zip.outputStream as Readable;
}
