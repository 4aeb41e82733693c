/**
 * Which tab owns a recording's waiting pieces, through the Web Locks API: the tab recording it holds the lock
 * until its stop is answered (a closed tab lets go by itself), and another tab finishes only a recording
 * whose lock is free. Without the API (older browsers) a tab is assumed alone.
 */
const lockName = (id: number) => `mobile-recording-${id}`;

/** Holds the recording's lock until the returned function is called. */
export function holdRecording(id: number): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  void globalThis.navigator?.locks?.request(lockName(id), () => held);
  return release;
}

/** Runs `work` while holding the recording's lock; null, without running it, when another tab holds it. */
export async function whenRecordingFree<T>(id: number, work: () => Promise<T>): Promise<T | null> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return work();
  return locks.request(lockName(id), { ifAvailable: true }, (lock) => (lock ? work() : null));
}
