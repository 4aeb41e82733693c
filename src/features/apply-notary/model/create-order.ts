import { createEvent, sample } from 'effector';
import type { EvidenceType } from '@contracts';
import { translate } from '@/shared/i18n';
import { navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { wizardHref } from '@/entities/notary-order';
import { createOrderMutation } from '../api/apply-notary';
import { wizardStateCleared } from './wizard';

/** 'Apply for notarisation' with the chosen records of one type: the order is made, the wizard opens at step 1. */
export const createOrderRequested = createEvent<{ type: EvidenceType; ids: number[] }>();
export const $creating = createOrderMutation.$pending;

sample({
  clock: createOrderRequested,
  filter: ({ ids }) => ids.length === 0,
  fn: () => ({ type: 'warning' as const, text: translate('validation:notaryRecordsRequired') }),
  target: showToastFx,
});
sample({
  clock: createOrderRequested,
  filter: ({ ids }) => ids.length > 0,
  fn: ({ type, ids }) => ({ type, ids: ids.join(',') }),
  target: createOrderMutation.start,
});
// A new order starts with nothing stored from an earlier one.
sample({ clock: createOrderMutation.finished.success, target: wizardStateCleared });
sample({
  clock: createOrderMutation.finished.success,
  fn: ({ result }) => wizardHref(1, result),
  target: navigateFx,
});
