import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { copyTextFx } from '../../lib/clipboard';
import { showToastFx } from '../toast';
import { copyRequested } from './model';

vi.mock('../../i18n', () => ({ translate: (key: string) => `t(${key})` }));

describe('copy button model (spec section 8: 复制成功)', () => {
  it('copies the value and toasts success', async () => {
    const copied = vi.fn();
    const toast = vi.fn();
    const scope = fork({
      handlers: [
        [copyTextFx, copied],
        [showToastFx, toast],
      ],
    });
    await allSettled(copyRequested, { scope, params: 'BQ202401010000001' });
    expect(copied).toHaveBeenCalledWith('BQ202401010000001');
    expect(toast).toHaveBeenCalledExactlyOnceWith({ type: 'success', text: 't(common:copy.done)' });
  });

  it('says it failed when nothing could be copied', async () => {
    const toast = vi.fn();
    const scope = fork({
      handlers: [
        [copyTextFx, () => Promise.reject(new Error('copy failed'))],
        [showToastFx, toast],
      ],
    });
    await allSettled(copyRequested, { scope, params: 'x' });
    expect(toast).toHaveBeenCalledExactlyOnceWith({ type: 'error', text: 't(common:copy.failed)' });
  });
});
