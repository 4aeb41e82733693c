import type { HashProgress } from './hash-blob';
import type { HashReply, HashRequest } from './hash.worker';

export class HashCancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'HashCancelledError';
  }
}

/**
 * SHA-256 of a local file, computed in a Web Worker (the page stays responsive) and never uploaded.
 * Progress arrives as the worker reads the file; aborting the signal stops the worker.
 */
export function hashFileInWorker(
  file: Blob,
  control: { onProgress?: (progress: HashProgress) => void; signal?: AbortSignal } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (control.signal?.aborted) {
      reject(new HashCancelledError());
      return;
    }
    const worker = new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      control.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      reject(new HashCancelledError());
    };
    control.signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<HashReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') control.onProgress?.({ loaded: reply.loaded, total: reply.total });
      else {
        stop();
        if (reply.type === 'done') resolve(reply.hash);
        else reject(new Error(reply.message));
      }
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'hash worker failed'));
    };
    worker.postMessage({ file } satisfies HashRequest);
  });
}
