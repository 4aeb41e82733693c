import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import { type CaptureDetail } from '@contracts';
import { captureDetailFx, captureOtherFx, type RecordParams } from '../api/capture';
import { createRecordView } from './record-view';

const detail = (view: CaptureDetail['view']): CaptureDetail => ({
  view,
  isSelf: view === 'owner' ? 1 : 0,
  type: 3,
  baoquan: 'BQ1',
  title: view === 'limited' ? null : '网页',
  label: view === 'limited' ? null : '',
  saveTime: '2025-01-06 09:00:00',
  chainhash: 'a'.repeat(64),
  filehash: 'b'.repeat(64),
  size: 10,
  fileType: 'other',
  path: null,
  isDownload: 1,
  explorerUrl: '/explorer/x',
  url: null,
  duration: null,
  forensics: null,
  web: null,
  process: null,
  recording: null,
  files: [{ name: 'screenshot.png', sha256: 'c'.repeat(64), size: 5 }],
  captureId: null,
});

type Call = { path: 'detail' | 'other'; query: RecordParams };

/** The two calls, answered by `answer` (the detail and the parts are quiet effects of their own). */
function setup(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const model = createRecordView();
  const handle = (path: Call['path']) => (query: RecordParams) => {
    calls.push({ path, query });
    return answer({ path, query });
  };
  const scope = fork({
    handlers: [
      [captureDetailFx, handle('detail')],
      [captureOtherFx, handle('other')],
    ],
  });
  return { model, scope, calls };
}

describe('record view model', () => {
  it('loads the limited record for a visitor, unlocks it with the right extraction code, says why a wrong one fails', async () => {
    const { model, scope, calls } = setup(({ path, query }) => {
      const code = query.code;
      if (path === 'other')
        return { list: [{ role: 'screenshot', name: 'screenshot.png', mime: 'image/png', size: 5, url: '/api/files/download?x' }] };
      if (code === 'wrong') throw new ApiError({ code: 400, message: '提取码错误' });
      return detail(code ? 'shared' : 'limited');
    });
    await allSettled(model.Gate.open, { scope, params: { baoquan: 'BQ1' } });
    expect(scope.getState(model.$detail)?.view).toBe('limited');
    // The parts are only asked for when something may be seen.
    expect(calls.map((c) => c.path)).toEqual(['detail']);

    await allSettled(model.codeSubmitted, { scope });
    expect(scope.getState(model.$codeError)).toEqual({ ref: 'required|extractCode' });

    await allSettled(model.codeChanged, { scope, params: 'wrong' });
    await allSettled(model.codeSubmitted, { scope });
    expect(scope.getState(model.$codeError)).toEqual({ text: '提取码错误' });
    expect(scope.getState(model.$detail)?.view).toBe('limited');
    expect(scope.getState(model.$loadError)).toBeNull();

    await allSettled(model.codeChanged, { scope, params: 'right' });
    await allSettled(model.codeSubmitted, { scope });
    expect(scope.getState(model.$detail)?.view).toBe('shared');
    expect(scope.getState(model.$parts).map((p) => p.role)).toEqual(['screenshot']);
    expect(scope.getState(model.$acceptedCode)).toBe('right');
    expect(calls.at(-1)).toEqual({ path: 'other', query: { baoquan: 'BQ1', code: 'right' } });
  });

  it('says why a record cannot be shown, and loads it again on retry', async () => {
    let missing = true;
    const { model, scope } = setup(({ path }) => {
      if (missing) throw new ApiError({ code: 404, message: '证据不存在' });
      return path === 'other' ? { list: [] } : detail('owner');
    });
    await allSettled(model.Gate.open, { scope, params: { baoquan: 'BQ404' } });
    expect(scope.getState(model.$loadError)).toBe('证据不存在');
    missing = false;
    await allSettled(model.retryClicked, { scope });
    expect(scope.getState(model.$loadError)).toBeNull();
    expect(scope.getState(model.$detail)?.view).toBe('owner');
  });
});
