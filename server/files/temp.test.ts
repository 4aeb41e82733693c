import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileExclusive, isAbandonedTemp, OWNER_TAG, tempName, writeFileAtomic } from './temp';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'temp-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('temporary names', () => {
  it('carry this process as their owner', () => {
    expect(tempName()).toMatch(new RegExp(`^${OWNER_TAG}-${process.pid}-[0-9a-f]{16}\\.part$`));
    expect(tempName('tmp')).toMatch(/\.tmp$/);
  });

  it('judge a file by its owner when the owner is of this machine, else by its age', () => {
    const now = Date.now();
    const hour = 3600_000;
    // pid 1 is alive in every pid namespace (init); this process is alive.
    expect(isAbandonedTemp(`${OWNER_TAG}-1-ab.part`, now, now, hour)).toBe(false);
    expect(isAbandonedTemp(`${OWNER_TAG}-1-ab.part`, now - 2 * hour, now, hour)).toBe(true);
    expect(isAbandonedTemp(`${OWNER_TAG}-${process.pid}-ab.part`, now - 2 * hour, now, hour)).toBe(false);
    expect(isAbandonedTemp('ffffffffffff-1-ab.part', now, now, hour)).toBe(false);
    expect(isAbandonedTemp('ffffffffffff-1-ab.part', now - hour, now, hour)).toBe(true);
  });
});

describe('writeFileAtomic', () => {
  it('replaces the content whole and leaves no temporary file', async () => {
    const path = join(dir, 'record.json');
    await writeFileAtomic(path, 'old');
    await writeFileAtomic(path, 'new content');
    expect(await readFile(path, 'utf8')).toBe('new content');
    expect(await readdir(dir)).toEqual(['record.json']);
  });
});

describe('createFileExclusive', () => {
  it('creates the file with its mode, refuses an existing one and keeps the first content', async () => {
    const path = join(dir, 'key');
    await createFileExclusive(path, 'first', 0o600);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await expect(createFileExclusive(path, 'second')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(path, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['key']);
  });

  it('is not blocked by a temporary file a killed writer left beside the key', async () => {
    const path = join(dir, 'key');
    await writeFile(join(dir, `.key.${tempName('tmp')}`), 'half');
    await createFileExclusive(path, 'whole');
    expect(await readFile(path, 'utf8')).toBe('whole');
  });
});
