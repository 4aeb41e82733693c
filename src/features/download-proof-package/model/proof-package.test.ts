import { allSettled, createWatch, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDownload } from '@/shared/lib/download';
import { showToastFx } from '@/shared/ui';
import { downProofPackageFx } from '../api/proof-package';
import { $proofPackageProgress, fileNameOf, IN_PAGE_LIMIT, proofPackageRequested } from './proof-package';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));
vi.mock('@/shared/lib/download', () => ({ startDownload: vi.fn() }));

const LINK = { url: '/api/data/proofPackage?u=1&ids=1&exp=9&sig=x', expiresAt: 9 };

function setup() {
  const toast = vi.fn();
  const link = vi.fn((_: { ids: string } | { baoquan: string }) => LINK);
  const scope = fork({
    handlers: [
      [showToastFx, toast],
      [downProofPackageFx, link],
    ],
  });
  return { scope, toast, link };
}

/** A streamed answer in chunks, named as the server names it. */
function zipResponse(chunks: number[]): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size));
      controller.close();
    },
  });
  return new Response(stream, {
    headers: { 'content-disposition': `attachment; filename="_____-BQ1.zip"; filename*=UTF-8''%E7%A6%BB%E7%BA%BF-BQ1.zip` },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(startDownload).mockClear();
});

describe('offline proof package download', () => {
  it('reads the file name the server gives, exact UTF-8 name first', () => {
    expect(fileNameOf(`attachment; filename="a.zip"; filename*=UTF-8''%E7%A6%BB.zip`)).toBe('\u79bb.zip');
    expect(fileNameOf('attachment; filename="a.zip"')).toBe('a.zip');
    expect(fileNameOf(null)).toBe('');
  });

  it('asks for the link of the chosen records, fetches the zip with progress and saves it under its name', async () => {
    const { scope, link } = setup();
    const fetchMock = vi.fn(() => Promise.resolve(zipResponse([100, 50])));
    vi.stubGlobal('fetch', fetchMock);
    const progress: unknown[] = [];
    const unwatch = createWatch({ unit: $proofPackageProgress, fn: (value) => value && progress.push(value), scope });
    await allSettled(proofPackageRequested, { scope, params: { ids: [3, 5], expectedBytes: 200 } });
    unwatch();
    // Progress landed in this scope while the chunks arrived.
    expect(progress).toEqual([
      { received: 0, total: 200 },
      { received: 100, total: 200 },
      { received: 150, total: 200 },
    ]);
    expect(link).toHaveBeenCalledWith({ ids: '3,5' });
    expect(fetchMock).toHaveBeenCalledWith(LINK.url);
    expect(startDownload).toHaveBeenCalledTimes(1);
    const [url, name] = vi.mocked(startDownload).mock.calls[0]!;
    expect(url).toMatch(/^blob:/);
    expect(name).toBe('\u79bb\u7ebf-BQ1.zip');
    // Done: the progress is cleared.
    expect(scope.getState($proofPackageProgress)).toBeNull();
  });

  it('one record by its number; a package beyond the in-page limit goes to the browser as a link', async () => {
    const { scope, link } = setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await allSettled(proofPackageRequested, { scope, params: { baoquan: 'BQ1', expectedBytes: IN_PAGE_LIMIT + 1 } });
    expect(link).toHaveBeenCalledWith({ baoquan: 'BQ1' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(startDownload).toHaveBeenCalledWith(LINK.url);
  });

  it('a failed download says so', async () => {
    const { scope, toast } = setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
    await allSettled(proofPackageRequested, { scope, params: { ids: [1] } });
    expect(toast).toHaveBeenCalledWith({ type: 'error', text: 'evidence:proofPackage.failed' });
    expect(startDownload).not.toHaveBeenCalled();
  });
});
