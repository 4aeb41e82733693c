import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Translator } from '../i18n';
import { holderParam, holdsFile, parseHolder, type FileHolder } from './holders';
import type { UrlSigner } from './signed-url';
import type { FileStore } from './store';

/** A link the service handed out: where it leads and when it stops working (epoch seconds). */
export interface SignedLink {
  url: string;
  expiresAt: number;
}

/**
 * Short-lived links carrying their own parameters, signed with HMAC-SHA256 by UrlSigner (key in the database,
 * shared by every API process): `<path>?<params>&exp=<epoch s>&sig=<mac>`. The MAC covers the path, every
 * parameter and the expiry, so a link opens exactly one resource, as named, until it expires. Having the
 * link is the permission: it is only ever given to someone allowed to read the resource at that moment.
 */
export class SignedLinks {
  constructor(
    private readonly signer: UrlSigner,
    /** Seconds a link lives unless the caller says otherwise (FILE_LINK_TTL_SECONDS). */
    readonly defaultTtlSeconds: number,
  ) {}

  async create(path: string, params: Record<string, string>, ttlSeconds = this.defaultTtlSeconds): Promise<SignedLink> {
    const signed = await this.signer.sign(canonical(path, params), ttlSeconds);
    const match = /\?exp=(\d+)&sig=([\w-]+)$/.exec(signed);
    if (!match?.[1] || !match[2]) throw new Error('unexpected signed text');
    const query = new URLSearchParams({ ...params, exp: match[1], sig: match[2] });
    return { url: `${path}?${query.toString()}`, expiresAt: Number(match[1]) };
  }

  /**
   * The parameters of a genuine, unexpired link to `path`; null for anything else. `optional` names parameters a link
   * may lack (one made before they existed, or by a caller without them); when present they are signed like the rest.
   */
  async check<K extends string, O extends string = never>(
    path: string,
    query: unknown,
    names: readonly K[],
    optional: readonly O[] = [],
  ): Promise<(Record<K, string> & Partial<Record<O, string>>) | null> {
    if (typeof query !== 'object' || query === null) return null;
    const given = query as Record<string, unknown>;
    const params = {} as Record<K, string> & Partial<Record<O, string>>;
    for (const name of names) {
      const value = given[name];
      if (typeof value !== 'string') return null;
      params[name] = value as (typeof params)[K];
    }
    for (const name of optional) {
      const value = given[name];
      if (value === undefined) continue;
      if (typeof value !== 'string') return null;
      params[name] = value as (typeof params)[O];
    }
    const exp = typeof given.exp === 'string' ? given.exp : undefined;
    const sig = typeof given.sig === 'string' ? given.sig : undefined;
    return (await this.signer.verify(canonical(path, params), exp, sig)) ? params : null;
  }

  /** Reads a link given back as a URL (absolute or relative): its path and query. */
  static parse(link: string): { path: string; query: Record<string, string> } | null {
    let url: URL;
    try {
      url = new URL(link, 'http://link.invalid');
    } catch {
      return null;
    }
    return { path: url.pathname, query: Object.fromEntries(url.searchParams.entries()) };
  }
}

/** Order-independent and unambiguous: JSON of the sorted pairs. */
const canonical = (path: string, params: Record<string, string>) =>
  `${path}\n${JSON.stringify(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;

export const FILE_DOWNLOAD_PATH = '/api/files/download';
const FILE_PARAMS = ['k', 'n', 't', 'd', 'o', 'r'] as const;

export interface FileDownload {
  /** FileStore key. */
  key: string;
  /** The name the browser saves it under. */
  name: string;
  /** Content type sent (from the sniffed type, never from the uploader's claim). */
  type: string;
  /** `inline` for previews (images, video, audio, PDF); `attachment` otherwise. */
  disposition?: 'inline' | 'attachment';
  /** The record the link is made for and its owner: the link serves only while that record still names the file. */
  holder: FileHolder;
}

export function fileLink(links: SignedLinks, file: FileDownload, ttlSeconds?: number): Promise<SignedLink> {
  return links.create(
    FILE_DOWNLOAD_PATH,
    {
      k: file.key,
      n: file.name,
      t: file.type,
      d: file.disposition === 'inline' ? 'i' : 'a',
      o: String(file.holder.owner),
      r: holderParam(file.holder),
    },
    ttlSeconds,
  );
}

/** The file a download link names, when the link is genuine and unexpired (whether its record still holds it: fileHeld). */
export async function checkFileLink(links: SignedLinks, path: string, query: unknown): Promise<FileDownload | null> {
  if (path !== FILE_DOWNLOAD_PATH) return null;
  const params = await links.check(FILE_DOWNLOAD_PATH, query, FILE_PARAMS);
  const holder = params ? parseHolder(params.o, params.r) : null;
  return params && holder
    ? { key: params.k, name: params.n, type: params.t, disposition: params.d === 'i' ? 'inline' : 'attachment', holder }
    : null;
}

/** Asked at every use of a link: its record is live, its owner's, and still names the file (not deleted or erased). */
export const fileHeld = (db: Kysely<DB>, file: FileDownload): Promise<boolean> => holdsFile(db, file.holder, file.key);

/** RFC 6266 / RFC 5987: an ASCII fallback name plus the exact UTF-8 name. */
export function contentDisposition(name: string, disposition: 'inline' | 'attachment' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** Types a browser could run as active content on our origin are never sent inline. */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp|bmp)|video\/|audio\/|application\/pdf|text\/plain)/;

/** Single byte range (`bytes=a-b`, `a-`, `-n`): start and end inclusive; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** Streams a stored file with its name and type; honours one byte range (video seeking, resumed downloads). */
export async function sendStoredFile(
  store: FileStore,
  file: FileDownload,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { size } = await store.stat(file.key);
  const inline = file.disposition === 'inline' && INLINE_SAFE.test(file.type);
  reply
    .header('content-type', file.type)
    .header('content-disposition', contentDisposition(file.name, inline ? 'inline' : 'attachment'))
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    // The content is addressed by its hash: it never changes, but the link is personal and short-lived.
    .header('cache-control', 'private, max-age=300');
  const range = parseRange(request.headers.range, size);
  if (range === 'invalid') return reply.status(416).header('content-range', `bytes */${size}`).send();
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(store.openRange(file.key, range.start, range.end));
  }
  reply.header('content-length', size);
  return reply.send(store.openRange(file.key, 0, Math.max(0, size - 1), size === 0));
}

const DIRECT_LINK_SECONDS = 60;

/** GET /api/files/download?k&n&t&d&exp&sig: the only way stored bytes leave the service. */
export function registerFileDownloadRoute(
  app: FastifyInstance,
  deps: {
    links: SignedLinks;
    files: FileStore;
    db: Kysely<DB>;
    translator: Translator;
    /** The object is gone from the store: the records naming it stop offering a download. */
    onMissing?: (key: string) => Promise<void>;
  },
): void {
  app.get(FILE_DOWNLOAD_PATH, async (request, reply) => {
    const file = await checkFileLink(deps.links, FILE_DOWNLOAD_PATH, request.query);
    if (!file) return refuseLink(reply, deps.translator);
    // The record the link was made for was deleted (by its owner, or with the account) or no longer names the
    // file: the link ends with it, even though equal bytes may stay stored for someone else.
    if (!(await fileHeld(deps.db, file))) {
      return reply.status(404).send({ code: 404, msg: deps.translator.t('preservation:notFound'), data: null });
    }
    if (!(await deps.files.has(file.key))) {
      await deps.onMissing?.(file.key);
      return reply.status(404).send({ code: 404, msg: deps.translator.t('preservation:fileMissing'), data: null });
    }
    // S3_DIRECT_DOWNLOADS: the bucket serves the bytes (ranges included) through a presigned URL that
    // lives a minute, long enough for the browser to follow the redirect; the link stays the permission.
    const inline = file.disposition === 'inline' && INLINE_SAFE.test(file.type);
    const direct = await deps.files.directLink(file.key, {
      contentType: file.type,
      contentDisposition: contentDisposition(file.name, inline ? 'inline' : 'attachment'),
      ttlSeconds: DIRECT_LINK_SECONDS,
    });
    if (direct) return reply.status(302).header('cache-control', 'no-store').header('location', direct).send();
    return sendStoredFile(deps.files, file, request, reply);
  });
}

/**
 * A forged, altered or expired link: HTTP 403, envelope code 400 (the web app ends the session on code 403,
 * spec section 8, which a stale link must not do).
 */
export function refuseLink(reply: FastifyReply, translator: Translator): FastifyReply {
  return reply.status(403).send({ code: 400, msg: translator.t('preservation:linkInvalid'), data: null });
}
