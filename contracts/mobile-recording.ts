import { z } from 'zod';
import { msg } from './messages';
import { SPECIAL_CHARS } from './rules';

/**
 * On-site mobile evidence recorded in the phone's browser: a recording is started, sent in short pieces
 * while it is made (each hashed on the phone and again on the server, chained), and preserved when it
 * stops. Calls under /api/capture/mobile/recordings; the desktop-to-phone sign-in under /api/auth/handoff.
 * The recording is a capture of type 4 (state `recording` until it stops), so the mobile list and the
 * queue page `/evidences-all/mobile/queue/{id}` show it as any capture.
 */

export const mobileMediaKindSchema = z.enum(['photo', 'video', 'audio']);
export type MobileMediaKind = z.infer<typeof mobileMediaKindSchema>;

/** Container types a phone's browser records in; the server checks the assembled bytes against them. */
export const MOBILE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'video/webm',
  'video/mp4',
  'audio/webm',
  'audio/ogg',
  'audio/mp4',
] as const;
export const mobileMimeSchema = z
  .string({ required_error: msg('required', 'mime') })
  .trim()
  .transform((v) => v.split(';')[0]!.trim().toLowerCase())
  .pipe(z.enum(MOBILE_MIME_TYPES, { errorMap: () => ({ message: msg('invalid', 'mime') }) }));

const text = (max: number) => z.string().trim().max(max).default('');
const title = z
  .string({ required_error: msg('required', 'title') })
  .trim()
  .min(1, msg('required', 'title'))
  .max(200, msg('titleMax'))
  .refine((v) => !SPECIAL_CHARS.test(v), msg('specialChars', 'title'));
const label = z
  .string()
  .trim()
  .max(50, msg('labelMax'))
  .refine((v) => !SPECIAL_CHARS.test(v), msg('specialChars', 'label'))
  .default('');

/**
 * What the browser really knows about where and on what the recording is made. An empty string means
 * the browser did not offer it; it is shown as "not available", never guessed.
 */
export const mobileDeviceFactsSchema = z.object({
  /** Present only when the person allowed location. */
  location: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      /** Metres. */
      accuracy: z.number().min(0).max(1_000_000),
    })
    .nullable()
    .default(null),
  /** User-Agent Client Hints (`model`, `platform`, `platformVersion`) where offered. */
  model: text(100),
  platform: text(100),
  platformVersion: text(100),
  browser: text(100),
  browserVersion: text(100),
  /** `width x height @ ratio`, CSS pixels. */
  screen: text(50),
  /** IANA name, e.g. Asia/Shanghai. */
  timeZone: text(100),
  userAgent: text(500),
});
export type MobileDeviceFacts = z.infer<typeof mobileDeviceFactsSchema>;

/** POST /api/capture/mobile/recordings: opens a recording; the balance is checked here and charged at the stop. */
export const mobileRecordingStartRequest = z.object({
  kind: mobileMediaKindSchema,
  mime: mobileMimeSchema,
  title,
  label,
  device: mobileDeviceFactsSchema,
});
export type MobileRecordingStartRequest = z.input<typeof mobileRecordingStartRequest>;

/** The limits the phone must keep to (configured on the server, documented in docs/mobile-capture.md). */
export const mobileRecordingLimitsSchema = z.object({
  pieceMaxBytes: z.number().int(),
  maxBytes: z.number().int(),
  maxSeconds: z.number().int(),
  /** A recording with no piece for this long is ended as failed, uncharged. */
  idleSeconds: z.number().int(),
});
export type MobileRecordingLimits = z.infer<typeof mobileRecordingLimitsSchema>;

/** A stated gap: pieces stopped arriving for longer than expected (server's arrival times, China time). */
export const mobileGapSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whole seconds. */
  seconds: z.number().int(),
});
export type MobileGap = z.infer<typeof mobileGapSchema>;

/** GET /api/capture/mobile/recordings/:id, and the answer of start and stop: where the recording stands. */
export const mobileRecordingStatusSchema = z.object({
  /** The capture id (the queue page's id). */
  id: z.number().int(),
  kind: mobileMediaKindSchema,
  mime: z.string(),
  state: z.enum(['recording', 'done', 'failed']),
  /** Pieces received so far; the next expected `seq` equals it (pieces count from 0). */
  pieces: z.number().int(),
  bytes: z.number().int(),
  /** Hex SHA-256 of the chain so far: H(previous head bytes ‖ seq as 4 bytes big-endian ‖ piece hash bytes); starts from 32 zero bytes. */
  chainHead: z.string(),
  startedAt: z.string(),
  lastPieceAt: z.string().nullable(),
  gaps: z.array(mobileGapSchema),
  limits: mobileRecordingLimitsSchema,
  /** Once preserved. */
  baoquan: z.string().nullable(),
});
export type MobileRecordingStatus = z.infer<typeof mobileRecordingStatusSchema>;

export const mobileRecordingIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * PUT /api/capture/mobile/recordings/:id/pieces/:seq, body application/octet-stream: one piece, with the
 * phone's SHA-256 of it (hex) in the `x-piece-sha256` header. The same piece sent again answers the same.
 */
export const mobilePieceParams = z.object({
  id: z.coerce.number().int().positive(),
  seq: z.coerce.number().int().min(0).max(1_000_000),
});
export const PIECE_HASH_HEADER = 'x-piece-sha256';
export const pieceHashSchema = z.string().regex(/^[0-9a-f]{64}$/, msg('invalid', 'sha256'));
export const mobilePieceResponse = z.object({
  seq: z.number().int(),
  chainHead: z.string(),
  pieces: z.number().int(),
  bytes: z.number().int(),
});
export type MobilePieceResponse = z.infer<typeof mobilePieceResponse>;

/** POST /api/capture/mobile/recordings/:id/stop: closes the chain the phone saw; the server assembles and preserves. */
export const mobileRecordingStopRequest = z.object({
  // Coerced: the numbers may come as JSON or as a url-encoded form (the web app's post helper).
  pieces: z.coerce.number().int().min(1).max(1_000_000),
  chainHead: pieceHashSchema,
  /** Seconds the phone recorded (the record's duration; photos 0). */
  duration: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
});
export type MobileRecordingStopRequest = z.input<typeof mobileRecordingStopRequest>;

/** What a preserved mobile record says about its recording (capture detail and certificate). */
export const mobileRecordingFactsSchema = z.object({
  kind: mobileMediaKindSchema,
  mime: z.string(),
  pieces: z.number().int(),
  chainHead: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  gaps: z.array(mobileGapSchema),
  device: mobileDeviceFactsSchema,
});
export type MobileRecordingFacts = z.infer<typeof mobileRecordingFactsSchema>;

/** POST /api/auth/handoff (signed in): a short-lived, single-use code the desktop shows as a QR code. */
export const handoffResponse = z.object({
  code: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, China time. */
  expiresAt: z.string(),
  /** Seconds the code lives. */
  ttl: z.number().int(),
});
/** POST /api/auth/handoff/redeem {code}: the phone's sign-in (answers as login does). */
export const handoffRedeemRequest = z.object({ code: z.string().trim().min(1, msg('required', 'code')).max(64) });
