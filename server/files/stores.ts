import type { S3Client } from '@aws-sdk/client-s3';
import { relative, sep } from 'node:path';
import type { Config } from '../config';
import { bucketReachable, createS3Client, S3Storage } from './s3-storage';
import { LocalStorage, type ObjectStorage } from './storage';
import { FileStore, type FileStoreOptions } from './store';
import { storeRoots, type StoreName } from './sweep';

/** One S3 client per configuration (its connection pool is shared by every store). */
const clients = new WeakMap<Config, S3Client>();

function s3Client(config: Config): S3Client {
  let client = clients.get(config);
  if (!client) {
    client = createS3Client({
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
    clients.set(config, client);
  }
  return client;
}

/**
 * Where the store `name` keeps its objects, by STORAGE: its folder of DATA_DIR (storeRoots), or the same
 * path as a key prefix in S3_BUCKET (`files/objects/ab/<sha256>`, `files/signatures/objects/…`), so a
 * DATA_DIR's files can be copied to a bucket as they are.
 */
export function openStorage(config: Config, name: StoreName): ObjectStorage {
  const root = storeRoots(config.DATA_DIR)[name];
  if (config.STORAGE === 'local') return new LocalStorage(root);
  const prefix = relative(config.DATA_DIR, root).split(sep).join('/');
  return new S3Storage(s3Client(config), config.S3_BUCKET ?? '', prefix, { directLinks: config.S3_DIRECT_DOWNLOADS });
}

/** The FileStore of `name` on the configured storage (a sealed one for identity images: give its key). */
export function openStore(config: Config, name: StoreName, options: FileStoreOptions = {}): FileStore {
  return new FileStore(openStorage(config, name), options);
}

/**
 * Whether the configured object store answers (readiness): always for local disk (the data
 * folder's own check covers it); for S3 a HEAD of S3_BUCKET, which fails when the store is unreachable,
 * the bucket is gone or the credentials are refused.
 */
export async function storageReachable(config: Config): Promise<void> {
  if (config.STORAGE === 's3') await bucketReachable(s3Client(config), config.S3_BUCKET ?? '');
}

/** Closes the S3 client of this configuration (its kept-alive connections), when there is one. */
export function closeStorage(config: Config): void {
  clients.get(config)?.destroy();
  clients.delete(config);
}
