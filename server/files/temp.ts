import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { link, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * Crash-safe writes. Every file the server writes is first written under a temporary name that
 * names its owner, and renamed into place only when complete and flushed. A process killed half-way leaves
 * only temporary files, which the next start (or the periodic sweep) removes once their owner is gone:
 *
 *   `<owner tag>-<pid>-<random>.part`
 *
 * The owner tag is a short hash of the host name, the kernel's boot id and the pid namespace, so a pid is
 * only ever checked on the machine (and container) that owns it: a temporary file of another host or
 * container sharing the DATA_DIR is never judged by a pid that means something else here. Such files, and
 * files whose pid was reused, are removed only once they have not been written to for a long time.
 */
function readOrEmpty(read: () => string): string {
  try {
    return read().trim();
  } catch {
    return '';
  }
}

export const OWNER_TAG = createHash('sha256')
  .update(hostname())
  .update('\n')
  .update(readOrEmpty(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')))
  .update('\n')
  .update(readOrEmpty(() => readlinkSync('/proc/self/ns/pid')))
  .digest('hex')
  .slice(0, 12);

/** `<tag>-<pid>-<random>.part`, or `.<target name>.<tag>-<pid>-<random>.tmp` next to a target. */
const TEMP_NAME = /(?:^|\.)([0-9a-f]{12})-(\d+)-[0-9a-f]+\.(part|tmp)$/;

/** A fresh temporary file name owned by this process. */
export const tempName = (suffix: 'part' | 'tmp' = 'part') => `${OWNER_TAG}-${process.pid}-${randomBytes(8).toString('hex')}.${suffix}`;

/** True when `pid` is not a live process of this machine (EPERM: alive, owned by someone else). */
function processGone(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Whether a temporary file may be removed: its owner (same machine and pid namespace) is dead, or nobody
 * has written to it for `staleMs` (an owner elsewhere, a reused pid, a file of an older naming scheme).
 * Never a file of this very process.
 */
export function isAbandonedTemp(name: string, mtimeMs: number, nowMs: number, staleMs: number): boolean {
  const match = TEMP_NAME.exec(name);
  if (match && match[1] === OWNER_TAG) {
    const pid = Number(match[2]);
    // This process's own files are in use (a stalled upload may resume); it removes them itself when one fails.
    if (pid === process.pid) return false;
    if (processGone(pid)) return true;
  }
  return nowMs - mtimeMs >= staleMs;
}

/** Removes the abandoned temporary files of `dir` (not recursive); answers how many went. A missing folder is empty. */
export async function removeAbandonedTemps(
  dir: string,
  staleMs: number,
  nowMs = Date.now(),
  match: (name: string) => boolean = () => true,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!match(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    if (!isAbandonedTemp(name, info.mtimeMs, nowMs, staleMs)) continue;
    await unlink(path).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}

/** fsync of a folder, so a rename into it survives a power cut; best effort (not every platform allows it). */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

async function writeTemp(path: string, data: string | Buffer, mode: number): Promise<string> {
  const temp = join(dirname(path), `.${basename(path)}.${tempName('tmp')}`);
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return temp;
}

/** Temporary files of writeFileAtomic/createFileExclusive, next to their target (`.<name>.<temp name>`). */
export const isSiblingTemp = (name: string) => name.startsWith('.') && name.endsWith('.tmp') && TEMP_NAME.test(name);

/** Replaces `path` with `data` all at once: a reader (or the next start after a crash) sees the old or the new content, never half. */
export async function writeFileAtomic(path: string, data: string | Buffer, mode = 0o644): Promise<void> {
  const temp = await writeTemp(path, data, mode);
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDir(dirname(path));
}

/**
 * Creates `path` with `data` only if it does not exist (EEXIST otherwise), complete or not at all: the
 * bytes are written and flushed under a temporary name, then hard-linked into place (link refuses an
 * existing name, as `wx` does, and two processes racing both end up reading the first complete file).
 */
export async function createFileExclusive(path: string, data: string | Buffer, mode = 0o600): Promise<void> {
  const temp = await writeTemp(path, data, mode);
  try {
    await link(temp, path);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  await syncDir(dirname(path));
}
