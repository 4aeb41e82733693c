import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { showToastFx } from '@/shared/ui';
import { extractCodeFx, saveExtractCodeFx } from '../api/setting';
import { extractCodeForm, SettingGate } from './setting';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

/** The first read of the stored code answers only when `answer` is called (the person may type before); later ones at once. */
function setup(stored: string) {
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  const read = vi.fn(async () => {
    await held;
    return { extractCode: stored };
  });
  const save = vi.fn((_code: string) => null);
  const scope = fork({
    handlers: [
      [extractCodeFx, read],
      [saveExtractCodeFx, save],
      [showToastFx, vi.fn()],
    ],
  });
  return { scope, read, save, answer };
}

describe('the extraction code on /setting', () => {
  it('fills the field with the stored code when the person has not typed', async () => {
    const { scope, answer } = setup('AB12');
    const opened = allSettled(SettingGate.open, { scope, params: {} });
    answer();
    await opened;
    expect(scope.getState(extractCodeForm.$values).extractCode).toBe('AB12');
  });

  it('keeps what the person typed before the stored (empty) code arrived, and saves that', async () => {
    const { scope, answer, save } = setup('');
    const opened = allSettled(SettingGate.open, { scope, params: {} });
    // Settled only with the answer: the scope waits for the read in flight.
    const typed = allSettled(extractCodeForm.fieldChanged, { scope, params: { name: 'extractCode', value: 'x7k2' } });
    expect(scope.getState(extractCodeForm.$values).extractCode).toBe('x7k2');
    answer();
    await typed;
    await opened;
    expect(scope.getState(extractCodeForm.$values).extractCode).toBe('x7k2');
    await allSettled(extractCodeForm.submitted, { scope });
    expect(save).toHaveBeenCalledWith('x7k2');
  });
});
