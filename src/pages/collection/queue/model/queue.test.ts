import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, requestFx, type RequestConfig } from '@/shared/api';
import { type CaptureItem } from '@contracts';
import { $item, $missing, QueueGate } from './queue';

const at = (state: CaptureItem['state']): CaptureItem => ({
  id: 5,
  type: 2,
  state,
  reason: null,
  reasonText: null,
  title: '过程',
  label: '',
  url: 'https://a.example/',
  duration: state === 'done' ? 12 : null,
  points: 10,
  createTime: '2025-01-06 09:00:00',
  finishTime: null,
  ahead: null,
  evidenceId: state === 'done' ? 9 : null,
  baoquan: state === 'done' ? 'BQ5' : null,
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

describe('queue page model', () => {
  it('follows a capture being processed until it is done, then stops asking', async () => {
    const answers = [at('processing'), at('processing'), at('done')];
    const calls: RequestConfig[] = [];
    const scope = fork({
      handlers: [
        [requestFx, (_: unknown, { config }: { config: RequestConfig }) => answers[Math.min(calls.push(config) - 1, answers.length - 1)]],
      ],
    });
    await allSettled(QueueGate.open, { scope, params: { id: 5 } });
    expect(calls.map((c) => c.query)).toEqual([{ id: 5 }, { id: 5 }, { id: 5 }]);
    expect(scope.getState($item)).toMatchObject({ state: 'done', baoquan: 'BQ5', duration: 12 });
  }, 15_000);

  it('says so for a missing or another user’s capture, without asking again', async () => {
    const calls: RequestConfig[] = [];
    const scope = fork({
      handlers: [
        [
          requestFx,
          (_: unknown, { config }: { config: RequestConfig }) => {
            calls.push(config);
            throw new ApiError({ code: 404, message: '取证记录不存在' });
          },
        ],
      ],
    });
    await allSettled(QueueGate.open, { scope, params: { id: 99 } });
    expect(scope.getState($missing)).toBe(true);
    expect(calls).toHaveLength(1);
  });
});
