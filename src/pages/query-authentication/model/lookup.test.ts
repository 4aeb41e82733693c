import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { lookupByHashFx, lookupByNumberFx } from '@/entities/evidence';
import {
  $fileHash,
  $hashProgress,
  $numberError,
  $result,
  fileChosen,
  hashFileFx,
  numberChanged,
  numberSubmitted,
  queryKindOf,
  type HashFileParams,
} from './lookup';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const record = {
  baoquan: 'BQ1',
  fileType: 'document',
  saveTime: '2026-01-01 10:00:00',
  chainhash: 'a'.repeat(64),
  filehash: 'b'.repeat(64),
};

describe('public lookup', () => {
  it('looks a number up and shows found or not found', async () => {
    const byNumber = vi.fn((baoquan: string) => (baoquan === 'BQ1' ? { found: true, list: [record] } : { found: false, list: [] }));
    const scope = fork({ handlers: [[lookupByNumberFx, byNumber]] });
    await allSettled(numberSubmitted, { scope });
    expect(scope.getState($numberError)).toBe('required|baoquan');
    expect(byNumber).not.toHaveBeenCalled();

    await allSettled(numberChanged, { scope, params: ' BQ1 ' });
    await allSettled(numberSubmitted, { scope });
    expect(byNumber).toHaveBeenCalledWith('BQ1');
    expect(scope.getState($result)).toMatchObject({ by: 'number', found: true, list: [record] });

    await allSettled(numberChanged, { scope, params: 'BQ2' });
    await allSettled(numberSubmitted, { scope });
    expect(scope.getState($result)).toMatchObject({ by: 'number', subject: 'BQ2', found: false });
  });

  it('hashes a dropped file (with progress) and sends only the hash', async () => {
    const progress: unknown[] = [];
    const hash = vi.fn(({ file, onProgress }: HashFileParams) => {
      onProgress({ loaded: 2, total: file.size });
      progress.push('reported');
      return Promise.resolve('b'.repeat(64));
    });
    const byHash = vi.fn((_hash: string) => ({ found: true, list: [record] }));
    const scope = fork({
      handlers: [
        [hashFileFx, hash],
        [lookupByHashFx, byHash],
      ],
    });
    await allSettled(fileChosen, { scope, params: new File(['abcd'], 'a.txt') });
    expect(progress).toEqual(['reported']);
    expect(byHash).toHaveBeenCalledWith('b'.repeat(64));
    expect(scope.getState($fileHash)).toBe('b'.repeat(64));
    expect(scope.getState($hashProgress)).toBeNull();
    expect(scope.getState($result)).toMatchObject({ by: 'file', found: true });
  });

  it('maps sub-page names, defaulting to safekeeping', () => {
    expect(queryKindOf('notarial')).toBe('notarial');
    expect(queryKindOf(undefined)).toBe('safekeeping');
    expect(queryKindOf('nope')).toBe('safekeeping');
  });
});
