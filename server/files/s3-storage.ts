import { createRequire } from 'node:module';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, isObjectKey, notFound, type ByteRange, type DirectDownload, type ObjectInfo, type ObjectStorage } from './storage';
import { isAbandonedTemp, tempName } from './temp';

// The AWS SDK takes about a second to load: loaded on first use, so a server on the local disk never loads it
// and starts sooner. CommonJS builds of the same packages, through require, so construction stays synchronous.
const requireLazy = createRequire(import.meta.url);
let sdk: typeof ClientS3 | undefined;
let storage: typeof LibStorage | undefined;
let presigner: typeof Presigner | undefined;
const s3 = () => (sdk ??= requireLazy('@aws-sdk/client-s3') as typeof ClientS3);
const s3Upload = () => (storage ??= requireLazy('@aws-sdk/lib-storage') as typeof LibStorage);
const s3Presigner = () => (presigner ??= requireLazy('@aws-sdk/s3-request-presigner') as typeof Presigner);

export interface S3Settings {
  bucket: string;
  region: string;
  /** Empty: the provider's default (AWS). */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Only for tests; otherwise the SDK's standard chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * The client for S3-compatible stores. Credentials come from the SDK's standard chain (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, profiles, instance roles). Checksums only when an operation requires them: recent
 * SDKs otherwise send streamed bodies `aws-chunked` with trailing CRC checksums, which several S3-compatible
 * services and local S3 servers store wrongly (the chunk framing ends up in the object) or refuse.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new (s3().S3Client)({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The bucket answers with these credentials (HEAD of the bucket: reachable, exists, we may use it), for the
 * readiness probe; throws otherwise.
 */
export async function bucketReachable(client: S3Client, bucket: string): Promise<void> {
  await client.send(new (s3().HeadBucketCommand)({ Bucket: bucket }));
}

/** S3 copies one object in one request up to 5 GiB; larger ones are copied part by part. */
const SINGLE_COPY_MAX = 5 * 1024 ** 3;
const COPY_PART_BYTES = 512 * 1024 ** 2;
/** Parts of a streamed upload: S3's minimum is 5 MiB; two in flight bound the memory of one upload. */
const PART_BYTES = 8 * 1024 ** 2;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

const isNotImplemented = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotImplemented' || e.$metadata?.httpStatusCode === 501;
};

/**
 * Objects in an S3-compatible bucket under `<prefix>/objects/<key>`. A write streams the body (multipart
 * through lib-storage, so never held whole) to `<prefix>/tmp/<owner temp name>`, then copies it inside the
 * bucket to its content address and deletes the temporary object: the object appears only complete. A body
 * that breaks aborts the multipart upload (lib-storage), so it leaves nothing. Nothing is kept on local disk.
 */
export class S3Storage implements ObjectStorage {
  readonly #objects: string;
  readonly #tmp: string;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** Folder of this store in the bucket, e.g. `files/signatures` (no slash at either end). */
    prefix: string,
    private readonly options: { directLinks?: boolean } = {},
  ) {
    this.#objects = `${prefix}/objects/`;
    this.#tmp = `${prefix}/tmp/`;
  }

  async write(body: Readable, keyOf: () => string): Promise<void> {
    const temp = `${this.#tmp}${tempName('part')}`;
    // The SDK reads from its own stream: an error of `body` (too large, refused type, connection reset)
    // reaches the upload through the pipeline, which then aborts it.
    const feed = new PassThrough();
    const upload = new (s3Upload().Upload)({
      client: this.client,
      params: { Bucket: this.bucket, Key: temp, Body: feed },
      partSize: PART_BYTES,
      queueSize: 2,
    });
    const uploaded = upload.done();
    try {
      await Promise.all([
        pipeline(body, feed).catch((error: unknown) => {
          feed.destroy(error as Error);
          throw error;
        }),
        uploaded,
      ]);
    } catch (error) {
      // Both sides settle before answering: lib-storage has aborted its multipart upload by then.
      await uploaded.catch(() => undefined);
      await this.#deleteQuietly(temp);
      throw error;
    }
    try {
      const key = checkKey(keyOf());
      // Copying over an equal object keeps one object and refreshes its time (the sweep's grace period).
      await this.#copy(temp, `${this.#objects}${key}`);
    } finally {
      await this.#deleteQuietly(temp);
    }
  }

  async size(key: string): Promise<number> {
    try {
      const head = await this.client.send(new (s3().HeadObjectCommand)({ Bucket: this.bucket, Key: this.#key(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      throw isMissing(error) ? notFound(key) : error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const object = await this.client.send(
        new (s3().GetObjectCommand)({
          Bucket: this.bucket,
          Key: this.#key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('unexpected S3 body');
      return object.Body;
    } catch (error) {
      throw isMissing(error) ? notFound(key) : error;
    }
  }

  exists(key: string): Promise<boolean> {
    return this.modifiedAt(key).then((time) => time !== null);
  }

  async modifiedAt(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new (s3().HeadObjectCommand)({ Bucket: this.bucket, Key: this.#key(key) }));
      return head.LastModified?.getTime() ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.bucket, Key: this.#key(key) }));
  }

  async *list(): AsyncGenerator<ObjectInfo> {
    for await (const object of this.#listPrefix(this.#objects)) {
      const key = object.key.slice(this.#objects.length);
      if (isObjectKey(key)) yield { key, mtimeMs: object.mtimeMs };
    }
  }

  /**
   * Temporary objects of dead writers (a process killed between upload and copy) and unfinished multipart
   * uploads of dead writers (killed mid-upload): judged like temporary files (temp.ts), by their owner, or
   * by the time of their last part.
   */
  async removeAbandonedTemps(staleMs: number, nowMs: number): Promise<number> {
    let removed = 0;
    for await (const object of this.#listPrefix(this.#tmp)) {
      if (!isAbandonedTemp(object.key.slice(this.#tmp.length), object.mtimeMs, nowMs, staleMs)) continue;
      await this.#deleteQuietly(object.key);
      removed++;
    }
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client
        .send(
          new (s3().ListMultipartUploadsCommand)({
            Bucket: this.bucket,
            Prefix: this.#tmp,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        )
        // Some S3-compatible servers cannot list them (s3rver): their lifecycle rule must abort them instead.
        .catch((error: unknown) => {
          if (isNotImplemented(error)) return null;
          throw error;
        });
      if (!page) break;
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId) continue;
        const parts = await this.client.send(
          new (s3().ListPartsCommand)({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
        const times = (parts.Parts ?? []).map((p) => p.LastModified?.getTime() ?? 0);
        const lastWrite = Math.max(upload.Initiated?.getTime() ?? 0, ...times);
        if (!isAbandonedTemp(upload.Key.slice(this.#tmp.length), lastWrite, nowMs, staleMs)) continue;
        await this.client.send(new (s3().AbortMultipartUploadCommand)({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        removed++;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }

  async directLink(key: string, download: DirectDownload): Promise<string | null> {
    if (!this.options.directLinks) return null;
    const command = new (s3().GetObjectCommand)({
      Bucket: this.bucket,
      Key: this.#key(key),
      ResponseContentType: download.contentType,
      ResponseContentDisposition: download.contentDisposition,
    });
    return s3Presigner().getSignedUrl(this.client, command, { expiresIn: download.ttlSeconds });
  }

  async *#listPrefix(prefix: string): AsyncGenerator<{ key: string; mtimeMs: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new (s3().ListObjectsV2Command)({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, mtimeMs: object.LastModified?.getTime() ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async #copy(from: string, to: string): Promise<void> {
    const source = `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
    const head = await this.client.send(new (s3().HeadObjectCommand)({ Bucket: this.bucket, Key: from }));
    const size = head.ContentLength ?? 0;
    if (size <= SINGLE_COPY_MAX) {
      await this.client.send(new (s3().CopyObjectCommand)({ Bucket: this.bucket, Key: to, CopySource: source }));
      return;
    }
    const { UploadId } = await this.client.send(new (s3().CreateMultipartUploadCommand)({ Bucket: this.bucket, Key: to }));
    if (!UploadId) throw new Error('no multipart upload id');
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let start = 0, number = 1; start < size; start += COPY_PART_BYTES, number++) {
        const end = Math.min(size, start + COPY_PART_BYTES) - 1;
        const part = await this.client.send(
          new (s3().UploadPartCopyCommand)({
            Bucket: this.bucket,
            Key: to,
            UploadId,
            PartNumber: number,
            CopySource: source,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ ETag: part.CopyPartResult?.ETag ?? '', PartNumber: number });
      }
      await this.client.send(
        new (s3().CompleteMultipartUploadCommand)({ Bucket: this.bucket, Key: to, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await this.client.send(new (s3().AbortMultipartUploadCommand)({ Bucket: this.bucket, Key: to, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async #deleteQuietly(key: string): Promise<void> {
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.bucket, Key: key })).catch(() => undefined);
  }

  #key(key: string): string {
    return `${this.#objects}${checkKey(key)}`;
  }
}
