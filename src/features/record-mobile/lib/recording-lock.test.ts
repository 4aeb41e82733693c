import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdRecording, whenRecordingFree } from './recording-lock';

/** The Web Locks API's exclusive locks, as much of it as the recorder uses (one page stands for every tab). */
function fakeLocks() {
  const held = new Set<string>();
  const request = async (name: string, ...rest: unknown[]) => {
    const [options, callback] = rest.length === 2 ? rest : [{}, rest[0]];
    const work = callback as (lock: { name: string } | null) => Promise<unknown>;
    if (held.has(name)) {
      if ((options as { ifAvailable?: boolean }).ifAvailable) return work(null);
      throw new Error('the fake waits for no lock');
    }
    held.add(name);
    try {
      return await work({ name });
    } finally {
      held.delete(name);
    }
  };
  return { request };
}

describe('the recording lock between tabs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets another tab finish a recording only once the recording tab lets go', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const release = holdRecording(7);
    const work = vi.fn(() => Promise.resolve('finished'));
    expect(await whenRecordingFree(7, work)).toBeNull();
    expect(work).not.toHaveBeenCalled();
    expect(await whenRecordingFree(8, work)).toBe('finished');
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await whenRecordingFree(7, work)).toBe('finished');
  });

  it('runs the work at once where the browser has no locks', async () => {
    vi.stubGlobal('navigator', {});
    expect(await whenRecordingFree(7, () => Promise.resolve(1))).toBe(1);
  });
});
