import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ABORTED_CODE, ApiError } from '@/shared/api';
import { type Evidence } from '@contracts';
import { uploadEvidenceFx, type UploadEvidenceParams } from '../api/upload';
import {
  $busy,
  $items,
  allLabelChanged,
  cancelClicked,
  evidenceUploaded,
  filesChosen,
  finishedCleared,
  itemLabelChanged,
  itemTitleChanged,
  startClicked,
} from './upload-queue';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const record = (id: number, title: string): Evidence => ({
  id,
  baoquan: `BQ20260101${String(id).padStart(12, '0')}`,
  title,
  fileType: 'document',
  label: 'L',
  saveTime: '2026-01-01 10:00:00',
  chainhash: 'a'.repeat(64),
  filehash: 'b'.repeat(64),
  size: 10,
  path: 'x',
  isDownload: 1,
  isSelf: 1,
  userStatus: 1,
  isApp: 0,
  status: 1,
  appAddress: null,
  appType: null,
  configName: null,
  configModelName: null,
  configVersion: null,
  configProcessor: null,
  configCore: null,
  duration: null,
});

/** A stand-in server: each upload waits until the test finishes or fails it; an abort rejects it. */
function fakeServer() {
  const calls: { params: UploadEvidenceParams; finish: () => void; fail: (error: ApiError) => void }[] = [];
  let nextId = 1;
  const handler = (params: UploadEvidenceParams) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      params.signal?.addEventListener('abort', () => reject(new ApiError({ code: ABORTED_CODE, message: 'aborted' })));
      calls.push({ params, finish: () => resolve(record(id, params.title ?? params.file.name)), fail: reject });
    });
  return { calls, handler };
}

const file = (name: string, size = 10) => new File(['x'.repeat(size)], name);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('upload queue', () => {
  it('asks for a label per file before anything is sent', async () => {
    const server = fakeServer();
    const scope = fork({ handlers: [[uploadEvidenceFx, server.handler]] });
    await allSettled(filesChosen, { scope, params: [file('a.txt')] });
    await allSettled(startClicked, { scope });
    expect(scope.getState($items)[0]).toMatchObject({ state: 'ready', labelError: 'required|label' });
    expect(server.calls).toHaveLength(0);
    const id = scope.getState($items)[0]!.id;
    await allSettled(itemLabelChanged, { scope, params: { id, value: 'x'.repeat(51) } });
    expect(scope.getState($items)[0]!.labelError).toBe('labelMax');
  });

  it('sends several files one after another with their label and title, reporting progress', async () => {
    const server = fakeServer();
    const uploaded = vi.fn();
    const scope = fork({ handlers: [[uploadEvidenceFx, server.handler]] });
    evidenceUploaded.watch(uploaded);
    await allSettled(filesChosen, { scope, params: [file('a.txt', 100), file('b.bin', 50)] });
    await allSettled(allLabelChanged, { scope, params: 'contract' });
    const [a, b] = scope.getState($items);
    await allSettled(itemTitleChanged, { scope, params: { id: b!.id, value: 'B title' } });
    await allSettled(itemLabelChanged, { scope, params: { id: b!.id, value: 'invoice' } });
    void allSettled(startClicked, { scope });
    await tick();

    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.params).toMatchObject({ label: 'contract', title: undefined });
    expect(scope.getState($items).map((i) => i.state)).toEqual(['uploading', 'queued']);
    expect(scope.getState($busy)).toBe(true);

    server.calls[0]!.params.onProgress?.({ loaded: 40, total: 100 });
    expect(scope.getState($items)[0]!.loaded).toBe(40);

    server.calls[0]!.finish();
    await tick();
    expect(scope.getState($items).map((i) => i.state)).toEqual(['done', 'uploading']);
    expect(scope.getState($items)[0]!.result?.id).toBe(1);
    expect(server.calls[1]!.params).toMatchObject({ label: 'invoice', title: 'B title' });

    server.calls[1]!.finish();
    await tick();
    expect(scope.getState($items).map((i) => i.state)).toEqual(['done', 'done']);
    expect(scope.getState($busy)).toBe(false);
    expect(a!.id).not.toBe(b!.id);

    await allSettled(finishedCleared, { scope });
    expect(scope.getState($items)).toEqual([]);
  });

  it('cancels the file being sent (aborted, not failed) and a queued one, and goes on with the rest', async () => {
    const server = fakeServer();
    const scope = fork({ handlers: [[uploadEvidenceFx, server.handler]] });
    await allSettled(filesChosen, { scope, params: [file('a'), file('b'), file('c')] });
    await allSettled(allLabelChanged, { scope, params: 'L' });
    void allSettled(startClicked, { scope });
    await tick();
    const [a, b] = scope.getState($items);

    // allSettled waits for every effect of the scope, the upload in flight too: fire and let it run.
    void allSettled(cancelClicked, { scope, params: b!.id });
    await tick();
    expect(scope.getState($items).map((i) => i.state)).toEqual(['uploading', 'cancelled', 'queued']);

    void allSettled(cancelClicked, { scope, params: a!.id });
    await tick();
    expect(server.calls[0]!.params.signal?.aborted).toBe(true);
    expect(scope.getState($items).map((i) => i.state)).toEqual(['cancelled', 'cancelled', 'uploading']);
    expect(scope.getState($items)[0]!.error).toBeNull();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]!.params.file.name).toBe('c');
  });

  it('shows the server message of a failed upload and keeps going', async () => {
    const server = fakeServer();
    const scope = fork({ handlers: [[uploadEvidenceFx, server.handler]] });
    await allSettled(filesChosen, { scope, params: [file('a'), file('b')] });
    await allSettled(allLabelChanged, { scope, params: 'L' });
    void allSettled(startClicked, { scope });
    await tick();
    server.calls[0]!.fail(new ApiError({ code: 400, message: 'too big' }));
    await tick();
    expect(scope.getState($items)[0]).toMatchObject({ state: 'failed', error: 'too big' });
    expect(scope.getState($items)[1]!.state).toBe('uploading');
  });
});
