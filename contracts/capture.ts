import { z } from 'zod';
import { codes } from './common';
import { appForensicsShape, EVIDENCE_PAGE_SIZE, forensicsSchema } from './evidence';
import { msg } from './messages';
import { mobileRecordingFactsSchema } from './mobile-recording';
import { SPECIAL_CHARS } from './rules';

/**
 * Online evidence collection: web captures, recorded browser sessions (process evidence) and
 * evidence uploaded by the mobile app. The listing and detail paths are the spec's (section 7); the
 * capture calls under /api/capture are ours, documented in docs/api.md.
 */

/** Evidence type codes of the collection lists (spec section 9): 2 process, 3 web, 4 mobile. */
export const CAPTURE_TYPE = { process: 2, web: 3, mobile: 4 } as const;
export const captureTypeSchema = codes(2, 3, 4);
export type CaptureType = z.infer<typeof captureTypeSchema>;

/** web: queued -> capturing -> done | failed; process: recording -> processing -> done | failed; mobile: done. */
export const captureStateSchema = z.enum(['queued', 'capturing', 'recording', 'processing', 'done', 'failed']);
export type CaptureState = z.infer<typeof captureStateSchema>;

/** Why a capture failed; the server sends the words too (`reasonText`). */
export const captureReasonSchema = z.enum([
  'unreachable',
  'timeout',
  'tooLarge',
  'tooManyRedirects',
  'download',
  'refusedAddress',
  'tlsInvalid',
  'insufficientPoints',
  'abandoned',
  'encodeFailed',
  'interrupted',
  'typeMismatch',
  'internal',
]);
export type CaptureReason = z.infer<typeof captureReasonSchema>;

/** Most addresses one web capture request may hold. */
export const CAPTURE_URLS_MAX = 10;
export const CAPTURE_URL_MAX_LENGTH = 2048;
export const CAPTURE_TITLE_MAX = 200;
export const CAPTURE_LABEL_MAX = 50;

const title = z
  .string({ required_error: msg('required', 'title') })
  .trim()
  .min(1, msg('required', 'title'))
  .max(CAPTURE_TITLE_MAX, msg('titleMax'))
  .refine((v) => !SPECIAL_CHARS.test(v), msg('specialChars', 'title'));
const label = z
  .string()
  .trim()
  .max(CAPTURE_LABEL_MAX, msg('labelMax'))
  .refine((v) => !SPECIAL_CHARS.test(v), msg('specialChars', 'label'))
  .default('');

/** An address a capture may open: http or https, no credentials in it, at most 2048 characters. */
export function isCaptureUrl(text: string): boolean {
  if (text.length > CAPTURE_URL_MAX_LENGTH) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The addresses of the web form: one per line (commas and spaces also separate), duplicates dropped. */
export function splitCaptureUrls(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

const captureUrl = z.string().trim().refine(isCaptureUrl, msg('urlInvalid'));

/** POST /api/capture/web {urls, title, label}: one queued capture per address. */
export const webCaptureRequest = z.object({
  urls: z
    .string({ required_error: msg('urlRequired') })
    .transform(splitCaptureUrls)
    .pipe(z.array(captureUrl).min(1, msg('urlRequired')).max(CAPTURE_URLS_MAX, msg('urlTooMany'))),
  title,
  label,
});
export type WebCaptureRequest = z.input<typeof webCaptureRequest>;
export const webCaptureResponse = z.object({
  ids: z.array(z.number().int()),
  /** Points that will be charged when all of them succeed (each failed one is free). */
  points: z.number(),
});

/** GET /api/capture/prices: what each kind costs, in points (two decimals), shown before the user confirms. */
export const capturePricesResponse = z.object({ web: z.number(), process: z.number(), mobile: z.number() });

/** One row of the collection lists and of the queue pages: the capture, and its evidence once preserved. */
export const captureItemSchema = z.object({
  id: z.number().int(),
  type: captureTypeSchema,
  state: captureStateSchema,
  reason: captureReasonSchema.nullable(),
  /** The reason in words (the capture namespace of the copy), null unless failed. */
  reasonText: z.string().nullable(),
  title: z.string(),
  label: z.string(),
  /** web: the address asked for; process: the address the session started on. */
  url: z.string().nullable(),
  /** Seconds (process and mobile evidence). */
  duration: z.number().int().nullable(),
  /** The price in points. */
  points: z.number(),
  /** `YYYY-MM-DD HH:mm:ss`, China time. */
  createTime: z.string(),
  finishTime: z.string().nullable(),
  /** Web captures waiting: how many jobs are before this one. */
  ahead: z.number().int().nullable(),
  /** The evidence record, once preserved. */
  evidenceId: z.number().int().nullable(),
  baoquan: z.string().nullable(),
  saveTime: z.string().nullable(),
  chainhash: z.string().nullable(),
  filehash: z.string().nullable(),
  size: z.number().int().nullable(),
  /** The stored object's obfuscated path (certificate page's fileUrl). */
  path: z.string().nullable(),
  fileType: z.enum(['image', 'video', 'audio', 'document', 'other']).nullable(),
  isDownload: codes(0, 1).nullable(),
  /** The app forensics of mobile evidence (type 4), top-level as spec section 3 names them; null otherwise. */
  ...appForensicsShape,
});
export type CaptureItem = z.infer<typeof captureItemSchema>;

const epoch = z.coerce.number().int().min(0).max(99_999_999_999).optional();

/** GET /api/Evidences/listing (spec section 7: limit 20, label, startTime, endTime, keyword, page, type, appType=1). */
export const captureListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(EVIDENCE_PAGE_SIZE),
  type: z.coerce.number().pipe(captureTypeSchema),
  label: z.string().trim().max(CAPTURE_LABEL_MAX).optional(),
  /** Title or address contains. */
  keyword: z.string().trim().max(100).optional(),
  startTime: epoch,
  endTime: epoch,
  /** 1: only what the mobile app created (the mobile list sends it). */
  appType: z.coerce.number().int().min(0).max(1).optional(),
  /** 1: only preserved records (the batch download variants). */
  done: z.coerce.number().int().min(0).max(1).optional(),
});
export type CaptureListQuery = z.input<typeof captureListQuery>;
export const captureListResponse = z.object({ count: z.number().int(), list: z.array(captureItemSchema) });

/** GET /api/capture/labels?type=: the labels of the caller's captures of one type. */
export const captureLabelsQuery = z.object({ type: z.coerce.number().pipe(captureTypeSchema) });

/** GET /api/capture/item?id=: one capture of the caller (queue pages poll it). */
export const captureIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const captureIdRequest = captureIdQuery;

/** What a web capture recorded (the exchange file of its bundle). */
export const redirectHopSchema = z.object({ url: z.string(), status: z.number().int(), location: z.string().nullable() });
export const tlsFactsSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** SHA-256 fingerprint of the certificate, colon-separated hex. */
  fingerprint256: z.string(),
  serialNumber: z.string(),
  subjectAltName: z.string(),
  protocol: z.string().nullable(),
  /** Whether the chain verified against the system's trust store. */
  authorized: z.boolean(),
  authorizationError: z.string().nullable(),
});
export type TlsFacts = z.infer<typeof tlsFactsSchema>;
export const webFactsSchema = z.object({
  url: z.string(),
  finalUrl: z.string(),
  resolvedAddress: z.string().nullable(),
  httpStatus: z.number().int(),
  pageTitle: z.string(),
  capturedAt: z.string(),
  redirects: z.array(redirectHopSchema),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  tls: tlsFactsSchema.nullable(),
  viewport: z.object({ width: z.number().int(), height: z.number().int() }),
  /** The screenshot was cut at this height (pages taller than the limit). */
  truncated: z.boolean(),
  browser: z.string(),
});
export type WebFacts = z.infer<typeof webFactsSchema>;

export const actionTypeSchema = z.enum(['click', 'text', 'key', 'scroll', 'navigate', 'back']);
export const processActionSchema = z.object({
  /** Milliseconds since the recording started. */
  t: z.number().int(),
  type: actionTypeSchema,
  x: z.number().optional(),
  y: z.number().optional(),
  deltaY: z.number().optional(),
  key: z.string().optional(),
  text: z.string().optional(),
  url: z.string().optional(),
});
export type ProcessAction = z.infer<typeof processActionSchema>;
export const processFactsSchema = z.object({
  startUrl: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  frames: z.number().int(),
  viewport: z.object({ width: z.number().int(), height: z.number().int() }),
  actions: z.array(processActionSchema),
  browser: z.string(),
});
export type ProcessFacts = z.infer<typeof processFactsSchema>;

/** A part of a capture bundle and its SHA-256 (manifest.json of the zip). */
export const bundleFileSchema = z.object({ name: z.string(), sha256: z.string(), size: z.number().int() });

/** GET /api/Evidences/detail?baoquan=&code=: a collected record as the caller may see it. */
export const captureDetailQuery = z.object({
  baoquan: z.string().trim().min(1, msg('required', 'baoquan')).max(40),
  /** The owner's extraction code (others then see the full record). */
  code: z.string().trim().max(30, msg('extractCodeMax')).optional(),
});
export const captureDetailResponse = z.object({
  /** owner, shared (extraction code) or limited (anyone: hashes and times only). */
  view: z.enum(['owner', 'shared', 'limited']),
  isSelf: codes(0, 1),
  type: z.number().int(),
  baoquan: z.string(),
  title: z.string().nullable(),
  label: z.string().nullable(),
  saveTime: z.string(),
  chainhash: z.string(),
  filehash: z.string(),
  size: z.number().int(),
  fileType: z.enum(['image', 'video', 'audio', 'document', 'other']),
  path: z.string().nullable(),
  isDownload: codes(0, 1),
  explorerUrl: z.string(),
  url: z.string().nullable(),
  duration: z.number().int().nullable(),
  forensics: forensicsSchema.nullable(),
  web: webFactsSchema.nullable(),
  process: processFactsSchema.nullable(),
  /** A mobile record recorded in the phone's browser: its chain, times, gaps and device; null otherwise. */
  recording: mobileRecordingFactsSchema.nullable(),
  files: z.array(bundleFileSchema),
  captureId: z.number().int().nullable(),
});
export type CaptureDetail = z.infer<typeof captureDetailResponse>;

/**
 * The limited record view (anyone without the code): its own allow-list (hashes, sizes and times), never the
 * full detail with fields blanked. Bundle parts are named by their role only (an app upload's stored part
 * is named after its title). Same keys as the full detail, so it is a CaptureDetail too.
 */
export const limitedCaptureDetailSchema = z
  .object({
    view: z.literal('limited'),
    isSelf: z.literal(0),
    type: z.number().int(),
    baoquan: z.string(),
    title: z.null(),
    label: z.null(),
    saveTime: z.string(),
    chainhash: z.string(),
    filehash: z.string(),
    size: z.number().int(),
    fileType: z.enum(['image', 'video', 'audio', 'document', 'other']),
    path: z.null(),
    isDownload: codes(0, 1),
    explorerUrl: z.string(),
    url: z.null(),
    duration: z.null(),
    forensics: z.null(),
    web: z.null(),
    process: z.null(),
    recording: z.null(),
    files: z.array(bundleFileSchema.strict()),
    captureId: z.null(),
  })
  .strict();
export type LimitedCaptureDetail = z.infer<typeof limitedCaptureDetailSchema>;

/** GET /api/evidences/other?baoquan=&code=: signed links of the record's parts (screenshot, page, video ...). */
export const captureOtherQuery = captureDetailQuery;
export const capturePartSchema = z.object({
  role: z.enum(['screenshot', 'html', 'exchange', 'video', 'actions', 'media', 'wacz', 'bundle']),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type CapturePart = z.infer<typeof capturePartSchema>;
export const captureOtherResponse = z.object({ list: z.array(capturePartSchema) });

/** POST /api/capture/process/start {url, title, label}: a recorded remote browser session. */
export const processStartRequest = z.object({ url: captureUrl, title, label });
export const processSessionSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The session ends by itself after this many seconds, or after idleSeconds without the page. */
  maxSeconds: z.number().int(),
  idleSeconds: z.number().int(),
});
export type ProcessSession = z.infer<typeof processSessionSchema>;

/** POST /api/capture/process/input: one user action sent to the remote browser (page coordinates). */
export const processInputRequest = z.discriminatedUnion('type', [
  z.object({
    id: z.coerce.number().int().positive(),
    type: z.literal('click'),
    x: z.coerce.number().min(0).max(10_000),
    y: z.coerce.number().min(0).max(10_000),
  }),
  z.object({ id: z.coerce.number().int().positive(), type: z.literal('text'), text: z.string().min(1).max(500) }),
  z.object({
    id: z.coerce.number().int().positive(),
    type: z.literal('key'),
    key: z.enum([
      'Enter',
      'Backspace',
      'Tab',
      'Escape',
      'ArrowUp',
      'ArrowDown',
      'ArrowLeft',
      'ArrowRight',
      'Delete',
      'Home',
      'End',
      'PageUp',
      'PageDown',
    ]),
  }),
  z.object({
    id: z.coerce.number().int().positive(),
    type: z.literal('scroll'),
    x: z.coerce.number().min(0).max(10_000),
    y: z.coerce.number().min(0).max(10_000),
    deltaY: z.coerce.number().min(-10_000).max(10_000),
  }),
  z.object({ id: z.coerce.number().int().positive(), type: z.literal('navigate'), url: captureUrl }),
  z.object({ id: z.coerce.number().int().positive(), type: z.literal('back') }),
]);
export type ProcessInput = z.infer<typeof processInputRequest>;
export const processInputResponse = z.object({ actions: z.number().int(), elapsedMs: z.number().int() });

/** GET /api/capture/process/frame?id=&after=: the session's newest screen when newer than `after` (polled). */
export const processFrameQuery = z.object({ id: z.coerce.number().int().positive(), after: z.coerce.number().int().min(0).default(0) });
export const processFrameResponse = z.object({
  state: captureStateSchema,
  /** Sequence number of the frame sent, null when there is none newer. */
  seq: z.number().int().nullable(),
  /** A JPEG as a data URL. */
  frame: z.string().nullable(),
  elapsedMs: z.number().int(),
  actions: z.number().int(),
});
export type ProcessFrame = z.infer<typeof processFrameResponse>;

/** Mobile app upload: the forensics fields of spec section 3 (the file is the body, or the multipart `file`). */
const forensicText = (field: string, max = 100) =>
  z
    .string({ required_error: msg('required', field) })
    .trim()
    .min(1, msg('required', field))
    .max(max, msg('tooLong', field));
export const mobileUploadFields = z.object({
  title,
  label,
  appAddress: forensicText('appAddress', 200),
  appType: forensicText('appType', 20),
  duration: z.coerce
    .number({ invalid_type_error: msg('invalid', 'duration') })
    .int(msg('invalid', 'duration'))
    .min(0, msg('invalid', 'duration'))
    .max(24 * 3600, msg('invalid', 'duration')),
  configName: forensicText('configName'),
  configModelName: forensicText('configModelName'),
  configVersion: forensicText('configVersion'),
  configProcessor: forensicText('configProcessor'),
  configCore: forensicText('configCore', 200),
  fileName: z.string().trim().max(255).optional(),
});
export type MobileUploadFields = z.input<typeof mobileUploadFields>;
