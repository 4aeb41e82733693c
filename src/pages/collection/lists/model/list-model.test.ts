import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { requestFx, type RequestConfig } from '@/shared/api';
import { type CaptureItem } from '@contracts';
import { createCaptureListModel } from './list-model';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const item = (id: number, state: CaptureItem['state']): CaptureItem => ({
  id,
  type: 3,
  state,
  reason: state === 'failed' ? 'timeout' : null,
  reasonText: state === 'failed' ? '网页加载超时' : null,
  title: `网页${id}`,
  label: '',
  url: `https://example.com/${id}`,
  duration: null,
  points: 2,
  createTime: '2025-01-06 09:00:00',
  finishTime: null,
  ahead: null,
  evidenceId: state === 'done' ? 10 + id : null,
  baoquan: state === 'done' ? `BQ${id}` : null,
  saveTime: null,
  chainhash: null,
  filehash: null,
  size: null,
  path: null,
  fileType: null,
  isDownload: null,
  appAddress: null,
  appType: null,
  configName: null,
  configModelName: null,
  configVersion: null,
  configProcessor: null,
  configCore: null,
});

function setup(type: 2 | 3 | 4, download: boolean, answers: CaptureItem[][]) {
  const calls: RequestConfig[] = [];
  const model = createCaptureListModel({ type, download, pollMs: 5 });
  const scope = fork({
    handlers: [
      [
        requestFx,
        (_: unknown, { config }: { config: RequestConfig }) => {
          calls.push(config);
          if (config.path === '/capture/labels') return { list: ['合同'] };
          const n = calls.filter((c) => c.path === '/Evidences/listing').length;
          const list = answers[Math.min(n - 1, answers.length - 1)] ?? [];
          return { count: list.length, list };
        },
      ],
    ],
  });
  const listCalls = () => calls.filter((c) => c.path === '/Evidences/listing').map((c) => c.query);
  return { model, scope, listCalls, calls };
}

describe('collection list model', () => {
  it('asks with the spec parameters, then follows open captures until they settle', async () => {
    const { model, scope, listCalls, calls } = setup(3, false, [[item(1, 'queued')], [item(1, 'capturing')], [item(1, 'done')]]);
    await allSettled(model.Gate.open, { scope, params: {} });
    expect(listCalls()[0]).toEqual({ page: 1, limit: 20, type: 3 });
    expect(listCalls()).toHaveLength(3);
    expect(scope.getState(model.$list).map((i) => i.state)).toEqual(['done']);
    expect(calls.find((c) => c.path === '/capture/labels')?.query).toEqual({ type: 3 });
    expect(scope.getState(model.$labels)).toEqual(['合同']);
  });

  it('does not poll a settled list; the mobile list sends appType=1, the download variant done=1', async () => {
    const mobile = setup(4, false, [[item(1, 'done')]]);
    await allSettled(mobile.model.Gate.open, { scope: mobile.scope, params: {} });
    expect(mobile.listCalls()).toEqual([{ page: 1, limit: 20, type: 4, appType: 1 }]);
    const download = setup(2, true, [[item(2, 'done')]]);
    await allSettled(download.model.Gate.open, { scope: download.scope, params: {} });
    expect(download.listCalls()).toEqual([{ page: 1, limit: 20, type: 2, done: 1 }]);
  });

  it('applies the filters (end of the last day), the keyword on submit, and clears the selection', async () => {
    const { model, scope, listCalls } = setup(3, true, [[item(1, 'done')]]);
    await allSettled(model.Gate.open, { scope, params: {} });
    await allSettled(model.selectionChanged, { scope, params: [11] });
    const day = new Date(2026, 0, 5, 14, 0);
    await allSettled(model.rangeChanged, { scope, params: [day, day] });
    // China midnight of the picked day (the time zone of record), whatever the test machine's zone.
    const start = Date.parse('2026-01-05T00:00:00+08:00') / 1000;
    expect(listCalls().at(-1)).toEqual({ page: 1, limit: 20, type: 3, done: 1, startTime: start, endTime: start + 86399 });
    expect(scope.getState(model.$selected)).toEqual([]);
    await allSettled(model.filtersChanged, { scope, params: { label: '合同' } });
    await allSettled(model.keywordChanged, { scope, params: ' example ' });
    await allSettled(model.keywordSubmitted, { scope });
    expect(listCalls().at(-1)).toMatchObject({ label: '合同', keyword: 'example', page: 1 });
    await allSettled(model.resetClicked, { scope });
    expect(listCalls().at(-1)).toEqual({ page: 1, limit: 20, type: 3, done: 1 });
  });
});

describe('collection list polling when the page is left and opened again', () => {
  it('polls again after the gate reopens on the same open captures', async () => {
    const { model, scope, listCalls } = setup(3, false, [[item(1, 'queued')], [item(1, 'queued')], [item(1, 'queued')], [item(1, 'done')]]);
    await allSettled(model.Gate.close, { scope, params: {} });
    const opened = allSettled(model.Gate.open, { scope, params: {} });
    await allSettled(model.Gate.close, { scope, params: {} });
    await opened;
    await allSettled(model.Gate.open, { scope, params: {} });
    expect(scope.getState(model.$list).map((i) => i.state)).toEqual(['done']);
    expect(listCalls().length).toBeGreaterThanOrEqual(4);
  });
});
