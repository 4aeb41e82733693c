import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, requestFx, type RequestConfig } from '@/shared/api';
import { type Evidence } from '@contracts';
import { createEvidenceListModel } from './evidence-list';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const row = (id: number): Evidence => ({
  id,
  baoquan: `BQ${id}`,
  title: `file ${id}`,
  fileType: 'image',
  label: 'L',
  saveTime: '2026-01-01 10:00:00',
  chainhash: 'a'.repeat(64),
  filehash: 'b'.repeat(64),
  size: 1,
  path: 'p',
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

function setup(answer: (config: RequestConfig) => unknown = () => ({ count: 1, list: [row(1)] })) {
  const calls: RequestConfig[] = [];
  const model = createEvidenceListModel({ isApp: 0 });
  const scope = fork({
    handlers: [
      [
        requestFx,
        // requestFx is attached (source + mapParams): its replaced handler gets (source, { config, token }).
        (_: unknown, { config }: { config: RequestConfig }) => {
          calls.push(config);
          if (config.path === '/data/getLabelList') return { list: ['L', 'M'] };
          return answer(config);
        },
      ],
    ],
  });
  const listCalls = () => calls.filter((c) => c.path === '/data/getList').map((c) => c.query);
  return { model, scope, listCalls };
}

describe('evidence list model', () => {
  it('loads page 1 of 20 and the labels when shown', async () => {
    const { model, scope, listCalls } = setup();
    await allSettled(model.Gate.open, { scope, params: {} });
    expect(listCalls()).toEqual([{ page: 1, limit: 20, isApp: 0 }]);
    expect(scope.getState(model.$list)).toHaveLength(1);
    expect(scope.getState(model.$labels)).toEqual(['L', 'M']);
  });

  it('applies filters at once (date range to the end of the last day), the keyword on submit, back to page 1', async () => {
    const { model, scope, listCalls } = setup(() => ({ count: 60, list: [row(1)] }));
    await allSettled(model.Gate.open, { scope, params: {} });
    await allSettled(model.pageChanged, { scope, params: 3 });
    expect(listCalls().at(-1)).toMatchObject({ page: 3 });

    const day = new Date(2026, 0, 5, 14, 0);
    await allSettled(model.filtersChanged, { scope, params: { range: [day, day], fileType: 'video', label: 'L' } });
    // China midnight of the picked day (the time zone of record), whatever the test machine's zone.
    const start = Date.parse('2026-01-05T00:00:00+08:00') / 1000;
    expect(listCalls().at(-1)).toEqual({
      page: 1,
      limit: 20,
      isApp: 0,
      label: 'L',
      fileType: 'video',
      startTime: start,
      endTime: start + 86399,
    });

    await allSettled(model.keywordChanged, { scope, params: ' contract ' });
    const before = listCalls().length;
    expect(listCalls()).toHaveLength(before);
    await allSettled(model.keywordSubmitted, { scope });
    expect(listCalls().at(-1)).toMatchObject({ keyword: 'contract', page: 1 });

    await allSettled(model.resetClicked, { scope });
    expect(listCalls().at(-1)).toEqual({ page: 1, limit: 20, isApp: 0 });
  });

  it('applies the date inputs once both days are chosen, and again when both are cleared', async () => {
    const { model, scope, listCalls } = setup();
    await allSettled(model.Gate.open, { scope, params: {} });
    const day = new Date(2026, 2, 9);
    await allSettled(model.rangeChanged, { scope, params: [day, null] });
    expect(listCalls()).toHaveLength(1);
    await allSettled(model.rangeChanged, { scope, params: [day, day] });
    const start = Date.parse('2026-03-09T00:00:00+08:00') / 1000;
    expect(listCalls().at(-1)).toMatchObject({ startTime: start, endTime: start + 86399 });
    await allSettled(model.rangeChanged, { scope, params: [null, null] });
    expect(listCalls().at(-1)).not.toHaveProperty('startTime');
    expect(listCalls()).toHaveLength(3);
  });

  it('shows an empty list when the call fails (spec section 8) and loads again on retry', async () => {
    let fail = true;
    const { model, scope } = setup(() => {
      if (fail) throw new ApiError({ code: 500, message: 'boom' });
      return { count: 1, list: [row(2)] };
    });
    await allSettled(model.Gate.open, { scope, params: {} });
    expect(scope.getState(model.$list)).toEqual([]);
    expect(scope.getState(model.$failed)).toBe(true);
    fail = false;
    await allSettled(model.retryClicked, { scope });
    expect(scope.getState(model.$list).map((e) => e.id)).toEqual([2]);
  });

  it('keeps a selection until the list reloads', async () => {
    const { model, scope } = setup();
    await allSettled(model.Gate.open, { scope, params: {} });
    await allSettled(model.selectionChanged, { scope, params: [1] });
    expect(scope.getState(model.$selected)).toEqual([1]);
    await allSettled(model.filtersChanged, { scope, params: { fileType: 'image' } });
    expect(scope.getState(model.$selected)).toEqual([]);
  });
});
