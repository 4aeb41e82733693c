import { z } from 'zod';
import { consistencyResponse } from './chain';
import { checkpointSchema } from './evidence';
import { msg } from './messages';

/**
 * The offline proof package: a zip per record (or one for a batch) holding the evidence file, its
 * certificate PDF, `proof.json` (this schema), step-by-step instructions and `verify.html`. Everything in proof.json
 * is what a person needs to check the record without the platform: the entry and its audit path, the checkpoint it
 * was proved against with its Ed25519 signature and public key, the RFC 3161 token over that checkpoint and the
 * authority's certificates, and a consistency proof from that checkpoint to the latest one.
 */
export const PROOF_PACKAGE_FORMAT = 'evidence-proof-package/1';
export const PROOF_FILE_NAME = 'proof.json';
export const VERIFY_PAGE_NAME = 'verify.html';

/**
 * POST /api/data/downProofPackage {ids} or {baoquan}: ids is the same comma list as downloadBatch (one id gives one
 * record's package); baoquan names one record by its preservation number (the certificate page knows no id).
 */
export const proofPackageRequest = z
  .object({
    ids: z
      .string({ invalid_type_error: msg('selectEvidence') })
      .trim()
      .min(1, msg('selectEvidence'))
      .max(5000, msg('invalid', 'ids'))
      .regex(/^\d{1,12}(?:,\d{1,12})*$/, msg('invalid', 'ids'))
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .pipe(
        z
          .array(z.number().int().positive(msg('invalid', 'ids')))
          .min(1, msg('selectEvidence'))
          .max(100, msg('proofPackageTooMany')),
      )
      .optional(),
    baoquan: z
      .string({ invalid_type_error: msg('invalid', 'baoquan') })
      .trim()
      .min(1, msg('required', 'baoquan'))
      .max(40, msg('invalid', 'baoquan'))
      .optional(),
  })
  .refine((body) => body.ids !== undefined || body.baoquan !== undefined, { message: msg('selectEvidence'), path: ['ids'] });

const proofCheckpoint = checkpointSchema.extend({
  /** Base64 of the 32-byte raw Ed25519 key that signed it (its SHA-256 is keyId). */
  publicKey: z.string(),
});

export const proofPackageSchema = z.object({
  format: z.literal(PROOF_PACKAGE_FORMAT),
  /** When the package was made (ISO 8601). */
  createdAt: z.string(),
  record: z.object({ baoquan: z.string(), title: z.string(), saveTime: z.string(), chainhash: z.string() }),
  /** Paths relative to the folder holding proof.json. */
  file: z.object({ path: z.string(), sha256: z.string(), size: z.number() }),
  certificate: z.string().nullable(),
  /** The log entry exactly as hashed (canonical JSON naming the file's SHA-256 as `filehash`). */
  entry: z.string(),
  leafIndex: z.number(),
  leafHash: z.string(),
  /** Audit path from the leaf to `checkpoint.rootHash`, lower-case hex. */
  auditPath: z.array(z.string()),
  /** The checkpoint the entry was proved against: the earliest timestamped one that includes it, when there is one. */
  checkpoint: proofCheckpoint,
  /** The authority's certificates (DER, base64): its root, and intermediates if any. */
  timestampAuthority: z.object({ sandbox: z.boolean(), certificates: z.array(z.string()) }),
  /** From `checkpoint` to `latestCheckpoint` (empty proof when they are the same). */
  consistency: consistencyResponse,
  latestCheckpoint: proofCheckpoint,
});
export type ProofPackage = z.infer<typeof proofPackageSchema>;
export type ProofCheckpoint = z.infer<typeof proofCheckpoint>;
