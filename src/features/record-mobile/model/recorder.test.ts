import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { MobilePieceResponse, MobileRecordingStatus } from '@contracts';
import { ApiError } from '@/shared/api';
import { captureItemFx } from '@/entities/capture';
import { sendPieceFx, startMobileRecordingFx, stopMobileRecordingFx } from '../api/recording';
import { createMemoryPieceStore } from '../lib/piece-store';
import {
  $bytes,
  $error,
  $online,
  $phase,
  $recordHref,
  $sent,
  $serverMessage,
  $status,
  deviceFactsFx,
  grabFrameFx,
  kindChosen,
  openMediaFx,
  openPieceStoreFx,
  recordingStarted,
  startForm,
  startRecordingFx,
  stopped,
} from './recorder';
import { wentOffline } from './network';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const status = (over: Partial<MobileRecordingStatus> = {}): MobileRecordingStatus => ({
  id: 11,
  kind: 'photo',
  mime: 'image/jpeg',
  state: 'recording',
  pieces: 0,
  bytes: 0,
  chainHead: '0'.repeat(64),
  startedAt: '2026-01-01 10:00:00',
  lastPieceAt: null,
  gaps: [],
  limits: { pieceMaxBytes: 1 << 20, maxBytes: 1 << 30, maxSeconds: 3600, idleSeconds: 60 },
  baoquan: null,
  ...over,
});

const stream = { getTracks: () => [] } as unknown as MediaStream;
const captureItem = {
  id: 11,
  type: 4,
  state: 'done',
  reason: null,
  reasonText: null,
  title: '现场照片',
  label: '',
  url: null,
  duration: 0,
  points: 2,
  createTime: '2026-01-01 10:00:00',
  finishTime: '2026-01-01 10:00:01',
  ahead: null,
  evidenceId: 42,
  baoquan: 'BQ11',
  saveTime: '2026-01-01 10:00:01',
  chainhash: 'a'.repeat(64),
  filehash: 'b'.repeat(64),
  size: 6,
  path: 'p',
  fileType: 'image',
  isDownload: 1,
  appAddress: null,
  appType: null,
  configName: null,
  configModelName: null,
  configVersion: null,
  configProcessor: null,
  configCore: null,
};
const device = {
  location: null,
  model: '',
  platform: '',
  platformVersion: '',
  browser: '',
  browserVersion: '',
  screen: '',
  timeZone: '',
  userAgent: 'ua',
};

function setup(overrides: { openMedia?: () => unknown } = {}) {
  const pieces: { seq: number; hash: string }[] = [];
  const stops: unknown[] = [];
  const store = createMemoryPieceStore();
  const scope = fork({
    handlers: [
      [openMediaFx, overrides.openMedia ?? (() => ({ stream, mime: 'image/jpeg' }))],
      [deviceFactsFx, () => device],
      [openPieceStoreFx, () => store],
      [captureItemFx, () => captureItem],
      [grabFrameFx, () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' })],
      [startMobileRecordingFx, () => status()],
      [
        sendPieceFx,
        (piece: { seq: number; hash: string }): MobilePieceResponse => {
          pieces.push({ seq: piece.seq, hash: piece.hash });
          return { seq: piece.seq, chainHead: 'c'.repeat(64), pieces: piece.seq + 1, bytes: 6 };
        },
      ],
      [
        stopMobileRecordingFx,
        (request: unknown) => {
          stops.push(request);
          return status({ state: 'done', pieces: 1, bytes: 6, baoquan: 'BQ11' });
        },
      ],
    ],
  });
  return { scope, pieces, stops, store };
}

describe('the mobile recorder', () => {
  it('checks the title with the contract before asking for the camera', async () => {
    const { scope } = setup();
    await allSettled(recordingStarted, { scope });
    expect(scope.getState(startForm.$errors).title).toBeTruthy();
    expect(scope.getState($phase)).toBe('form');
  });

  it('takes a photo as one piece, closes the chain with it and shows the preserved record', async () => {
    const { scope, pieces, stops, store } = setup();
    await allSettled(kindChosen, { scope, params: 'photo' });
    await allSettled(startForm.fieldChanged, { scope, params: { name: 'title', value: '现场照片' } });
    await allSettled(recordingStarted, { scope });
    expect(scope.getState($phase)).toBe('recording');
    await allSettled(stopped, { scope });
    expect(pieces.map((p) => p.seq)).toEqual([0]);
    expect(stops).toEqual([{ id: 11, pieces: 1, chainHead: expect.stringMatching(/^[0-9a-f]{64}$/), duration: 0 }]);
    expect(scope.getState($bytes)).toBe(6);
    expect(scope.getState($sent)).toBe(1);
    expect(scope.getState($phase)).toBe('done');
    expect(scope.getState($status)?.baoquan).toBe('BQ11');
    expect(scope.getState($recordHref)).toBe('/evidencesPro/BQ11?id=42');
    expect(await store.recordings()).toEqual([]);
  });

  it('names a refused permission, and stays on the form', async () => {
    const { scope } = setup({ openMedia: () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })) });
    await allSettled(startForm.fieldChanged, { scope, params: { name: 'title', value: 'x' } });
    await allSettled(recordingStarted, { scope });
    expect(scope.getState($error)).toBe('permission');
    expect(scope.getState($phase)).toBe('form');
  });

  it('names a missing device and a failed connection', async () => {
    const noDevice = setup({ openMedia: () => Promise.reject(Object.assign(new Error('none'), { name: 'NotFoundError' })) });
    await allSettled(startRecordingFx, { scope: noDevice.scope, params: { kind: 'video', title: 't', label: '', includeLocation: false } });
    expect(noDevice.scope.getState($error)).toBe('noDevice');
    const offline = setup({ openMedia: () => Promise.reject(new ApiError({ code: -1, message: 'x', network: true })) });
    await allSettled(startRecordingFx, { scope: offline.scope, params: { kind: 'audio', title: 't', label: '', includeLocation: false } });
    expect(offline.scope.getState($error)).toBe('network');
  });

  it("shows the server's own words when it refuses to start", async () => {
    const { scope } = setup();
    const refused = fork({
      values: [],
      handlers: [
        [openMediaFx, () => ({ stream, mime: 'video/webm' })],
        [deviceFactsFx, () => device],
        [startMobileRecordingFx, () => Promise.reject(new ApiError({ code: 400, message: '积分不足' }))],
      ],
    });
    await allSettled(startRecordingFx, { scope: refused, params: { kind: 'video', title: 't', label: '', includeLocation: false } });
    expect(refused.getState($error)).toBe('refused');
    expect(refused.getState($serverMessage)).toBe('积分不足');
    expect(scope.getState($serverMessage)).toBe('');
  });

  it('follows the browser going offline', async () => {
    const { scope } = setup();
    await allSettled(wentOffline, { scope });
    expect(scope.getState($online)).toBe(false);
  });
});
