import type { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage';
import { OWNER_TAG, tempName } from './temp';

/** A pid no process of this machine has (above the kernel's pid_max of 2^22). */
const DEAD_PID = 2 ** 22 + 17;
const HOUR = 3_600_000;

interface Upload {
  Key: string;
  UploadId: string;
  Initiated: Date;
}

/**
 * A bucket that holds unfinished multipart uploads and answers only what the sweep asks (the local S3 server
 * used elsewhere cannot list multipart uploads, so this path is checked against the protocol's shapes here).
 */
function bucketWithUploads(uploads: Upload[], lastPart: Record<string, Date>) {
  const aborted: string[] = [];
  const client = {
    send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
      const input = command.input;
      switch (command.constructor.name) {
        case 'ListObjectsV2Command':
          return Promise.resolve({ Contents: [], IsTruncated: false });
        case 'ListMultipartUploadsCommand': {
          const prefix = String(input.Prefix);
          return Promise.resolve({
            Uploads: uploads.filter((u) => u.Key.startsWith(prefix) && !aborted.includes(u.UploadId)),
            IsTruncated: false,
          });
        }
        case 'ListPartsCommand':
          return Promise.resolve({ Parts: [{ PartNumber: 1, LastModified: lastPart[String(input.UploadId)] }] });
        case 'AbortMultipartUploadCommand':
          aborted.push(String(input.UploadId));
          return Promise.resolve({});
        default:
          return Promise.reject(new Error(`unexpected ${command.constructor.name}`));
      }
    },
  } as unknown as S3Client;
  return { client, aborted };
}

describe('S3Storage sweep of unfinished multipart uploads (a process killed mid-upload)', () => {
  it('aborts the uploads of a dead writer and stale ones of other machines; spares this process and recent ones', async () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const recent = new Date(now - 60_000);
    const old = new Date(now - 2 * HOUR);
    const tmp = 'files/tmp/';
    const uploads: Upload[] = [
      // Killed with -9 on this machine a minute ago: its owner is gone, so it goes at once.
      { Key: `${tmp}${OWNER_TAG}-${DEAD_PID}-00aa11bb22cc33dd.part`, UploadId: 'dead', Initiated: recent },
      // This very process is still writing it.
      { Key: `${tmp}${tempName('part')}`, UploadId: 'mine', Initiated: recent },
      // Another machine's writer: judged by the time of its last part only.
      { Key: `${tmp}0123456789ab-4242-00aa11bb22cc33dd.part`, UploadId: 'elsewhere-busy', Initiated: old },
      { Key: `${tmp}0123456789ab-4243-00aa11bb22cc33dd.part`, UploadId: 'elsewhere-stale', Initiated: old },
    ];
    const lastPart = { dead: recent, mine: recent, 'elsewhere-busy': recent, 'elsewhere-stale': old };
    const { client, aborted } = bucketWithUploads(uploads, lastPart);
    const storage = new S3Storage(client, 'bucket', 'files');
    expect(await storage.removeAbandonedTemps(HOUR, now)).toBe(2);
    expect(aborted.sort()).toEqual(['dead', 'elsewhere-stale']);
  });
});
