import { hashBlob } from './hash-blob';

/** Messages between the page and the hashing worker. */
export type HashRequest = { file: Blob };
export type HashReply =
  { type: 'progress'; loaded: number; total: number } | { type: 'done'; hash: string } | { type: 'error'; message: string };

type WorkerScope = {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage: (message: HashReply) => void;
};
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  let lastReport = 0;
  hashBlob(event.data.file, {
    onProgress: ({ loaded, total }) => {
      // At most about ten reports a second, and always the last one.
      const now = Date.now();
      if (loaded === total || now - lastReport > 100) {
        lastReport = now;
        scope.postMessage({ type: 'progress', loaded, total });
      }
    },
  }).then(
    (hash) => scope.postMessage({ type: 'done', hash: hash ?? '' }),
    (error: unknown) => scope.postMessage({ type: 'error', message: String(error) }),
  );
};
