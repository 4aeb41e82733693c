import { z } from 'zod';
import { codes } from './common';
import { msg } from './messages';

/**
 * Data preservation: evidence records, the append-only log ("chain"), certificates, checks and
 * sharing. Paths are the spec's where it names them (section 7); the others are ours and documented in
 * docs/api.md. GET calls take their parameters in the query string; POST calls as url-encoded forms
 * (multipart for uploads).
 */

/** Page size of the evidence lists (spec section 9). */
export const EVIDENCE_PAGE_SIZE = 20;

/**
 * File kinds. The certificate page's `fileType` query uses the spec's Chinese words (image, video, audio, document);
 * the web app maps them through the evidence namespace of the copy (`fileType.*`), the API uses these codes.
 */
export const fileKindSchema = z.enum(['image', 'video', 'audio', 'document', 'other']);
export type FileKind = z.infer<typeof fileKindSchema>;

/** Download state: 0 evidence missing, 1 uploaded, 2 uploading (spec sections 2 and 4). */
export const downloadStateSchema = codes(0, 1, 2);

/** Record status: 1 preserved (its log entry is signed into a checkpoint), 2 processing. */
export const evidenceStatusSchema = codes(1, 2);

/** Forensics of evidence created in the mobile app (spec section 2: certificate page). */
export const forensicsSchema = z.object({
  appAddress: z.string(),
  appType: z.string(),
  /** Seconds. */
  duration: z.number(),
  configName: z.string(),
  configModelName: z.string(),
  configVersion: z.string(),
  configProcessor: z.string(),
  configCore: z.string(),
});

/**
 * The app forensics of spec section 3 as top-level fields of an owner's record (Evidence, and the capture
 * item of mobile evidence); `duration` is a field of both records already. Null for records not from the app.
 */
export const appForensicsShape = {
  appAddress: z.string().nullable(),
  appType: z.string().nullable(),
  configName: z.string().nullable(),
  configModelName: z.string().nullable(),
  configVersion: z.string().nullable(),
  configProcessor: z.string().nullable(),
  configCore: z.string().nullable(),
};

/** The Evidence (attestation) entity of spec section 3, as the owner sees it. */
export const evidenceSchema = z.object({
  id: z.number().int(),
  /** The preservation number: `BQ` + date + 12 random digits; not guessable. */
  baoquan: z.string(),
  title: z.string(),
  fileType: fileKindSchema,
  label: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, China time. */
  saveTime: z.string(),
  /** Hex leaf hash of the record's log entry (RFC 6962: SHA-256(0x00 || entry)). */
  chainhash: z.string(),
  /** Hex SHA-256 of the file's bytes. */
  filehash: z.string(),
  /** Size in bytes. */
  size: z.number().int(),
  /** The stored object's path in the spec's obfuscated form (23 random characters + base64 with `/` as `*`). */
  path: z.string(),
  isDownload: downloadStateSchema,
  /** 1 when the caller owns the record. */
  isSelf: codes(0, 1),
  /** The owner's userStatus (1-4) at the time of the answer. */
  userStatus: z.number().int(),
  /** 1 when created in the mobile app. */
  isApp: codes(0, 1),
  status: evidenceStatusSchema,
  /**
   * The app forensics of spec section 3, top-level as the spec names them: filled for evidence the mobile app
   * uploaded (type 4), null for every other record. Only the owner's shapes carry them (not limited views).
   */
  ...appForensicsShape,
  /** Seconds. */
  duration: z.number().nullable(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** GET /api/data/getList: the owner's records, newest first. Dates are epoch seconds (end = end of day). */
export const evidenceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(EVIDENCE_PAGE_SIZE),
  label: z.string().trim().max(50).optional(),
  keyword: z.string().trim().max(100).optional(),
  fileType: fileKindSchema.optional(),
  startTime: z.coerce.number().int().min(0).max(99_999_999_999).optional(),
  endTime: z.coerce.number().int().min(0).max(99_999_999_999).optional(),
  /** 0 records preserved on the web (/attestation-all/data), 1 those from the app (/attestation-all/app). */
  isApp: z.coerce.number().int().min(0).max(1).default(0),
});
export const evidenceListResponse = z.object({ count: z.number().int(), list: z.array(evidenceSchema) });

/** GET /api/data/getLabelList: the owner's labels, for the label filter. */
export const labelListResponse = z.object({ list: z.array(z.string()) });

/** POST /api/data/upload (multipart: `label`, optional `title`, then `file`): preserves one file. */
export const uploadFieldsSchema = z.object({
  label: z.string().trim().max(50, msg('labelMax')).default(''),
  title: z.string().trim().max(200, msg('titleMax')).optional(),
});
export const uploadResponse = evidenceSchema;

/** POST /api/data/delData {id}: hides the record from its owner; its log entry stays and still verifies. */
export const deleteEvidenceRequest = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/data/downloadBatch {ids}: one zip (files, certificates, SHA-256 manifest) behind a signed link. */
export const batchDownloadRequest = z.object({
  ids: z
    .string({ required_error: msg('selectEvidence') })
    .min(1, msg('selectEvidence'))
    .transform((v) => v.split(',').map((s) => Number(s.trim())))
    .pipe(z.array(z.number().int().positive()).min(1, msg('selectEvidence')).max(500)),
});
export const signedLinkResponse = z.object({
  url: z.string(),
  /** Epoch seconds after which the link no longer works. */
  expiresAt: z.number().int(),
});

/** POST /api/data/downContract {dataIdStr}: a signed download link per record (spec: "a list of URLs"). */
export const downContractRequest = z.object({
  dataIdStr: z
    .string({ required_error: msg('selectEvidence') })
    .min(1, msg('selectEvidence'))
    .transform((v) => v.split(',').map((s) => Number(s.trim())))
    .pipe(z.array(z.number().int().positive()).min(1, msg('selectEvidence')).max(100)),
});
export const downContractResponse = z.object({
  list: z.array(z.object({ id: z.number().int(), baoquan: z.string(), title: z.string(), url: z.string() })),
});

/** A log checkpoint: tree size and root, signed with the service's Ed25519 key. */
export const checkpointSchema = z.object({
  treeSize: z.number().int(),
  /** Hex root hash (RFC 6962 MTH of the first treeSize entries). */
  rootHash: z.string(),
  /** ISO 8601 time of signing. */
  timestamp: z.string(),
  /** The exact text that was signed, so anyone can re-check it: `evidence-log-v1\n<size>\n<root hex>\n<timestamp>`. */
  signedText: z.string(),
  /** Base64 Ed25519 signature over signedText (UTF-8). */
  signature: z.string(),
  /** Hex SHA-256 of the raw public key. */
  keyId: z.string(),
  /**
   * RFC 3161 time-stamp token (DER, base64) over the SHA-256 of signedText, from the time-stamping authority;
   * null (or absent) until this checkpoint is timestamped. Not every size is: one token covers every record since the previous.
   */
  timestampToken: z.string().nullable().optional(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

/**
 * The exact text a checkpoint signs: `evidence-log-v1\n<size>\n<root hex>\n<timestamp>`. One definition for
 * the service that signs it (server/chain) and the browser that rebuilds it to check the signature.
 */
export const checkpointText = ({ treeSize, rootHash, timestamp }: Pick<Checkpoint, 'treeSize' | 'rootHash' | 'timestamp'>): string =>
  `evidence-log-v1\n${treeSize}\n${rootHash}\n${timestamp}`;

/** GET /api/chain/publicKey?keyId=: without keyId the key signing now; with it, that key even if retired. */
export const publicKeyQuery = z.object({
  keyId: z
    .string()
    .regex(/^[0-9a-f]{64}$/, msg('invalid', 'keyId'))
    .optional(),
});
export const publicKeyResponse = z.object({
  algorithm: z.literal('Ed25519'),
  /** Base64 of the 32-byte raw public key. */
  publicKey: z.string(),
  /** The same key as SPKI PEM. */
  pem: z.string(),
  keyId: z.string(),
  /** False for a key retired by a rotation (its checkpoints stay valid; new ones are signed by another). */
  current: z.boolean(),
});

/** GET /api/chain/keys: every key that has signed checkpoints, oldest first, with when it was first published. */
export const logKeysResponse = z.object({
  list: z.array(publicKeyResponse.extend({ publishedAt: z.string() })),
});

/** GET /api/chain/checkpoint: the latest signed checkpoint, or with treeSize the one signed for that size. */
export const checkpointQuery = z.object({
  treeSize: z.coerce
    .number()
    .int(msg('invalid', 'treeSize'))
    .min(0, msg('invalid', 'treeSize'))
    .max(Number.MAX_SAFE_INTEGER, msg('invalid', 'treeSize'))
    .optional(),
});
export const checkpointResponse = checkpointSchema;

/** GET /api/chain/timestampAuthority: the certificates that verify the checkpoints' RFC 3161 tokens (DER, base64: the root first). */
export const timestampAuthorityResponse = z.object({
  /** True for the built-in sandbox authority (APP_MODE=sandbox without TSA_URL): its tokens prove nothing to a court. */
  sandbox: z.boolean(),
  certificates: z.array(z.string()),
});

/** GET /api/chain/proof?chainhash=: the entry and its inclusion proof against the latest checkpoint. */
export const proofQuery = z.object({ chainhash: z.string().regex(/^[0-9a-f]{64}$/, msg('invalid', 'chainhash')) });
export const proofResponse = z.object({
  leafIndex: z.number().int(),
  /** The log entry exactly as hashed (UTF-8 canonical JSON: n, baoquan, filehash, time, owner). */
  entry: z.string(),
  leafHash: z.string(),
  /** Hex sibling hashes from the leaf up (RFC 6962 audit path). */
  auditPath: z.array(z.string()),
  checkpoint: checkpointSchema,
  /**
   * The entry's trusted time: the earliest checkpoint that includes it and carries an RFC 3161 token, with the
   * entry's audit path against it; null until that checkpoint is timestamped (at most TSA_INTERVAL_SECONDS).
   */
  timestamped: z
    .object({ auditPath: z.array(z.string()), checkpoint: checkpointSchema })
    .nullable()
    .optional(),
});

/**
 * A record's trusted time: what the RFC 3161 token of the earliest timestamped checkpoint that includes
 * the record states. Null while that token does not exist yet (at most TSA_INTERVAL_SECONDS after preservation).
 */
export const trustedTimeSchema = z.object({
  /** The token's genTime, ISO 8601 (UTC): the authority vouches the record existed then. */
  genTime: z.string(),
  /** The authority's name: the common name of the subject of the certificate that signed the token. */
  authority: z.string(),
  /** The authority's policy under which the token was issued (an OID). */
  policy: z.string(),
  /** The size of the checkpoint the token covers. */
  treeSize: z.number().int(),
  /** The built-in sandbox authority signed it: its tokens prove nothing to a court. */
  sandbox: z.boolean(),
});
export type TrustedTime = z.infer<typeof trustedTimeSchema>;

/**
 * The certificate (spec section 2, /attestation/{attestationId}). The owner, or anyone with the owner's
 * extraction code, sees the full view; others a limited one (no title, label or download).
 */
export const certificateSchema = z.object({
  baoquan: z.string(),
  limited: z.boolean(),
  title: z.string().nullable(),
  label: z.string().nullable(),
  fileType: fileKindSchema,
  saveTime: z.string(),
  size: z.number().int(),
  chainhash: z.string(),
  filehash: z.string(),
  isSelf: codes(0, 1),
  isApp: codes(0, 1),
  isDownload: downloadStateSchema,
  /** The owner's display name, masked for others (e.g. the surname and asterisks, or 138****8000). */
  owner: z.string(),
  forensics: forensicsSchema.nullable(),
  /** Where the chain hash leads: the app's explorer page by default (configurable template). */
  explorerUrl: z.string(),
  /** Evidence type code (spec section 9): 1 web upload, 2 process, 3 web capture, 4 mobile evidence, 5 app upload. */
  evidenceType: z.number().int().min(1).max(5).optional(),
  /** The captured address of web evidence (type 3), for those who see the full certificate. */
  sourceUrl: z.string().nullable().optional(),
  /** The third party's time (RFC 3161), null while the token is pending. */
  trustedTime: trustedTimeSchema.nullable().optional(),
  /** The owner cancelled the account: file and descriptions deleted; number, hashes and time stay verifiable. */
  deletedByOwner: z.boolean().optional(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/**
 * The limited certificate (anyone who is neither the owner nor a holder of the code or a view token): an
 * allow-list of its own, never the full view with fields blanked, so a field added to the full certificate
 * stays out of it. Title, label, forensics and the captured address are always null; the owner is masked.
 * It has the full certificate's keys, so it is a Certificate too.
 */
export const limitedCertificateSchema = z
  .object({
    baoquan: z.string(),
    limited: z.literal(true),
    title: z.null(),
    label: z.null(),
    fileType: fileKindSchema,
    saveTime: z.string(),
    size: z.number().int(),
    chainhash: z.string(),
    filehash: z.string(),
    isSelf: z.literal(0),
    isApp: codes(0, 1),
    isDownload: downloadStateSchema,
    owner: z.string(),
    forensics: z.null(),
    explorerUrl: z.string(),
    evidenceType: z.number().int().min(1).max(5),
    sourceUrl: z.null(),
    /** Public anyway (the log's checkpoints and tokens are): the same as the full certificate's. */
    trustedTime: trustedTimeSchema.nullable(),
    deletedByOwner: z.boolean().optional(),
  })
  .strict();
export type LimitedCertificate = z.infer<typeof limitedCertificateSchema>;

/** GET /api/check/bqview?baoquan=: the certificate as the caller may see it (session optional). */
export const certificateQuery = z.object({ baoquan: z.string().trim().min(1, msg('required', 'baoquan')).max(40) });

/** GET /api/check/downCertificate?baoquan=[&code=]: a signed link to the certificate PDF. */
export const downCertificateQuery = z.object({
  baoquan: z.string().trim().min(1, msg('required', 'baoquan')).max(40),
  code: z.string().trim().max(30).optional(),
});

/** POST /api/check/bqno {baoquan}: public lookup by number. */
export const lookupByNumberRequest = z.object({ baoquan: z.string().trim().min(1, msg('required', 'baoquan')).max(40) });
/** POST /api/check/checkNo {hash}: public lookup by the file's SHA-256 (hashed in the browser, never uploaded). */
export const lookupByHashRequest = z.object({
  hash: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, msg('invalid', 'filehash')),
});
/** What a visitor learns from a lookup: enough to verify, nothing about the owner or the content. */
export const publicRecordSchema = z.object({
  baoquan: z.string(),
  fileType: fileKindSchema,
  saveTime: z.string(),
  chainhash: z.string(),
  filehash: z.string(),
  /** The owner cancelled the account: the record's file is deleted; the time and hashes stay verifiable. */
  deletedByOwner: z.boolean().optional(),
});
export type PublicRecord = z.infer<typeof publicRecordSchema>;
export const lookupResponse = z.object({ found: z.boolean(), list: z.array(publicRecordSchema) });

/** POST /api/share/getView {baoquan, code}: the full certificate for a holder of the extraction code. */
export const shareViewRequest = z.object({
  baoquan: z.string().trim().min(1, msg('required', 'baoquan')).max(40),
  code: z.string().trim().min(1, msg('required', 'extractCode')).max(30, msg('extractCodeMax')),
});
/** POST /api/share/downBaoquan {baoquan, code}: a signed download link of the evidence file. */
export const shareDownloadRequest = shareViewRequest;

/** GET /api/check/viewToken?no=: (owner) a short-lived token for the mobile certificate QR code. */
export const viewTokenQuery = z.object({ no: z.string().trim().min(1).max(40) });
export const viewTokenResponse = z.object({ viewToken: z.string(), expiresAt: z.number().int() });

/** GET /api/check/mobileDetail?no=&viewToken=: the mobile certificate (hashes and the certificate's HTML). */
export const mobileDetailQuery = z.object({ no: z.string().trim().min(1).max(40), viewToken: z.string().min(1).max(200) });
export const mobileDetailResponse = z.object({
  certificate: certificateSchema,
  /** The certificate as sanitized HTML (our own template, no script), for the phone view. */
  certificateHtml: z.string(),
  /** A signed preview link of the file (image, video, audio, document) for /mobile/preview. */
  previewUrl: z.string().nullable(),
});

/** POST /api/share/getMpsInfo {fileUrl}: what /mobile/preview and /mobile/previewProgress show for a file link. */
export const previewInfoRequest = z.object({ fileUrl: z.string().min(1).max(2000) });
export const previewInfoResponse = z.object({
  fileType: fileKindSchema,
  title: z.string(),
  size: z.number().int(),
  url: z.string(),
  /** 0 missing, 1 ready, 2 still uploading (the progress page polls until 1). */
  isDownload: downloadStateSchema,
});
