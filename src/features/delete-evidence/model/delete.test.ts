import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { showToastFx } from '@/shared/ui';
import { showConfirmFx } from '@/shared/ui/confirm';
import { deleteEvidenceFx } from '../api/delete';
import { deleteRequested, evidenceDeleted } from './delete';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({
  translate: (key: string, values?: Record<string, unknown>) => (values ? `${key}:${JSON.stringify(values)}` : key),
}));

function setup(confirmed: boolean) {
  const confirm = vi.fn((_params: unknown) => confirmed);
  const remove = vi.fn(() => null);
  const toast = vi.fn();
  const deleted = vi.fn();
  const scope = fork({
    handlers: [
      [showConfirmFx, confirm],
      [deleteEvidenceFx, remove],
      [showToastFx, toast],
    ],
  });
  evidenceDeleted.watch(deleted);
  return { scope, confirm, remove, toast, deleted };
}

describe('delete a record', () => {
  it('deletes after confirmation, says so and tells the lists', async () => {
    const { scope, confirm, remove, toast } = setup(true);
    await allSettled(deleteRequested, { scope, params: { id: 3, baoquan: 'BQ3' } });
    expect(confirm.mock.calls[0]![0]).toMatchObject({ content: 'evidence:delete.content:{"baoquan":"BQ3"}', danger: true });
    expect(remove).toHaveBeenCalledWith(3);
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'evidence:delete.done' });
  });

  it('does nothing when the user cancels', async () => {
    const { scope, remove, toast } = setup(false);
    await allSettled(deleteRequested, { scope, params: { id: 3, baoquan: 'BQ3' } });
    expect(remove).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });
});
