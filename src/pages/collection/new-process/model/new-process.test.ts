import { allSettled, fork, type Scope } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { cancelProcessSessionFx, processFrameFx, sendProcessInputFx } from '@/entities/capture';
import { requestFx, type RequestConfig } from '@/shared/api';
import { type CaptureItem, type ProcessFrame, type ProcessInput } from '@contracts';
import { showConfirmFx } from '@/shared/ui';
import {
  $actions,
  $frame,
  $phase,
  $result,
  keyPressed,
  NewProcessGate,
  screenClicked,
  startClicked,
  startForm,
  stopClicked,
} from './new-process';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const done: CaptureItem = {
  id: 7,
  type: 2,
  state: 'done',
  reason: null,
  reasonText: null,
  title: '过程',
  label: '',
  url: 'https://a.example/',
  duration: 3,
  points: 10,
  createTime: '2025-01-06 09:00:00',
  finishTime: '2025-01-06 09:00:05',
  ahead: null,
  evidenceId: 9,
  baoquan: 'BQ7',
  saveTime: '2025-01-06 09:00:05',
  chainhash: 'a'.repeat(64),
  filehash: 'b'.repeat(64),
  size: 100,
  path: 'p',
  fileType: 'other',
  isDownload: 1,
  appAddress: null,
  appType: null,
  configName: null,
  configModelName: null,
  configVersion: null,
  configProcessor: null,
  configCore: null,
};

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

function setup() {
  const calls: RequestConfig[] = [];
  const inputs: ProcessInput[] = [];
  const cancelled: number[] = [];
  const scope = fork({
    handlers: [
      [
        requestFx,
        (_: unknown, { config }: { config: RequestConfig }) => {
          calls.push(config);
          if (config.path === '/capture/prices') return { web: 2, process: 10, mobile: 2 };
          if (config.path === '/capture/process/start') return { id: 7, width: 1280, height: 800, maxSeconds: 1800, idleSeconds: 120 };
          if (config.path === '/capture/process/stop') return { ...done, state: 'processing', baoquan: null, evidenceId: null };
          return done;
        },
      ],
      [showConfirmFx, () => true],
      [
        processFrameFx,
        (): ProcessFrame => ({ state: 'recording', seq: 1, frame: 'data:image/jpeg;base64,/9j/', elapsedMs: 1500, actions: inputs.length }),
      ],
      [
        sendProcessInputFx,
        (input: ProcessInput) => {
          inputs.push(input);
          return { actions: inputs.length, elapsedMs: 1600 };
        },
      ],
      [cancelProcessSessionFx, (id: number) => cancelled.push(id)],
    ],
  });
  return { scope, calls, inputs, cancelled };
}

async function fillAndStart(scope: Scope) {
  await allSettled(NewProcessGate.open, { scope, params: {} });
  await allSettled(startForm.fieldChanged, { scope, params: { name: 'url', value: 'https://a.example/' } });
  await allSettled(startForm.fieldChanged, { scope, params: { name: 'title', value: '过程' } });
  const started = allSettled(startClicked, { scope });
  await until(() => scope.getState($phase) === 'recording' && scope.getState($frame) !== null);
  // Wrapped: an async function returning the promise itself would wait for it (it settles only when the recording ends).
  return { started };
}

describe('new process page model', () => {
  it('starts a confirmed session, shows its screen, sends clicks in page pixels and typing, stops and follows it to done', async () => {
    const { scope, calls, inputs } = setup();
    const { started } = await fillAndStart(scope);
    expect(calls.find((c) => c.path === '/capture/process/start')?.body).toEqual({ url: 'https://a.example/', title: '过程', label: '' });

    // A click at the middle of a screen shown at half size is the middle of the page.
    void allSettled(screenClicked, { scope, params: { offsetX: 320, offsetY: 200, shownWidth: 640, shownHeight: 400 } });
    void allSettled(keyPressed, { scope, params: 'a' });
    void allSettled(keyPressed, { scope, params: 'b' });
    void allSettled(keyPressed, { scope, params: 'Enter' });
    await until(() => inputs.length === 3);
    expect(inputs).toEqual([
      { id: 7, type: 'click', x: 640, y: 400 },
      { id: 7, type: 'text', text: 'ab' },
      { id: 7, type: 'key', key: 'Enter' },
    ]);
    expect(scope.getState($actions)).toBe(3);

    await allSettled(stopClicked, { scope });
    await started;
    expect(scope.getState($phase)).toBe('done');
    expect(scope.getState($result)).toMatchObject({ state: 'done', duration: 3, baoquan: 'BQ7' });
  });

  it('discards the session when the page is left while recording', async () => {
    const { scope, cancelled } = setup();
    const { started } = await fillAndStart(scope);
    await allSettled(NewProcessGate.close, { scope, params: {} });
    await started;
    expect(cancelled).toEqual([7]);
    expect(scope.getState($phase)).toBe('form');
  });
});
