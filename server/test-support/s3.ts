import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver checks request signatures against these. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const S3_TEST_BUCKET = 'test';

export interface LocalS3 {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A local S3 server (s3rver) on 127.0.0.1, a free port and a temporary folder, with the bucket `test`.
 * `keepFolders`: key prefixes (`files/tmp`) whose folder on s3rver's disk is never left empty. s3rver removes
 * a folder emptied by a DELETE while another client's PUT into it may be between its mkdir and its open,
 * which then throws ENOENT unhandled inside s3rver (a real bucket has no folders); tests where several
 * writers share a prefix (several processes) keep it from emptying.
 */
export async function startLocalS3(keepFolders: readonly string[] = []): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: S3_TEST_BUCKET }] });
  const { port } = await server.run();
  for (const folder of keepFolders) await mkdir(join(directory, S3_TEST_BUCKET, folder, '.keep'), { recursive: true });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Every key of the bucket. */
export async function bucketKeys(client: S3Client, bucket = S3_TEST_BUCKET): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

/**
 * Multipart uploads the client started and neither completed nor aborted (keys). s3rver implements neither
 * listing nor aborting multipart uploads, so the client's own requests are what a test can check.
 */
export function trackMultipartUploads(client: S3Client): () => string[] {
  const open = new Map<string, string>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { UploadId?: string; Key?: string };
      if (context.commandName === 'AbortMultipartUploadCommand' || context.commandName === 'CompleteMultipartUploadCommand') {
        if (input.UploadId) open.delete(input.UploadId);
      }
      const result = await next(args);
      if (context.commandName === 'CreateMultipartUploadCommand') {
        const output = result.output as { UploadId?: string };
        if (output.UploadId) open.set(output.UploadId, input.Key ?? '');
      }
      return result;
    },
    { step: 'initialize', name: 'trackMultipartUploads' },
  );
  return () => [...open.values()];
}
