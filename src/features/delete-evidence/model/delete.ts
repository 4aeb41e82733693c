import { createEffect, createEvent, sample } from 'effector';
import { translate } from '@/shared/i18n';
import { showToastFx } from '@/shared/ui';
import { showConfirmFx } from '@/shared/ui/confirm';
import { deleteEvidenceMutation } from '../api/delete';

export type DeleteTarget = { id: number; baoquan: string };

/** The owner asks to delete a record; a confirmation comes first. */
export const deleteRequested = createEvent<DeleteTarget>();
/** A record was deleted: lists showing it reload. */
export const evidenceDeleted = createEvent<number>();

const confirmDeleteFx = createEffect(async (target: DeleteTarget) => ({
  target,
  confirmed: await showConfirmFx({
    title: translate('evidence:delete.title'),
    content: translate('evidence:delete.content', { baoquan: target.baoquan }),
    okText: translate('evidence:delete.ok'),
    cancelText: translate('evidence:delete.cancel'),
    danger: true,
  }),
}));

sample({ clock: deleteRequested, target: confirmDeleteFx });
sample({
  clock: confirmDeleteFx.doneData,
  filter: ({ confirmed }) => confirmed,
  fn: ({ target }) => target.id,
  target: deleteEvidenceMutation.start,
});
sample({
  clock: deleteEvidenceMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('evidence:delete.done') }),
  target: showToastFx,
});
sample({ clock: deleteEvidenceMutation.finished.success, fn: ({ params }) => params, target: evidenceDeleted });

export const $deletePending = deleteEvidenceMutation.$pending;
