import { attach, combine, createEvent, sample } from 'effector';
import { createGate } from 'effector-react';
import { splitCaptureUrls, webCaptureRequest } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { navigateFx, paths } from '@/shared/routing';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { capturePricesQuery, webCaptureMutation } from '@/entities/capture';

export const NewWebGate = createGate();

export const webForm = createForm({ schema: webCaptureRequest, initialValues: { urls: '', title: '', label: '' } });

sample({ clock: NewWebGate.open, target: capturePricesQuery.refresh });
sample({ clock: NewWebGate.close, target: webForm.reset });

/** Points per address, and what the addresses typed so far would cost (null until the price is known). */
export const $unitPrice = capturePricesQuery.$data.map((prices) => prices?.web ?? null);
export const $addressCount = webForm.$values.map((values) => splitCaptureUrls(values.urls).length);
export const $total = combine($unitPrice, $addressCount, (unit, count) => (unit === null ? null : unit * count));
export const $submitting = webCaptureMutation.$pending;

export const submitClicked = createEvent();
sample({ clock: submitClicked, target: webForm.submitted });

// The price is confirmed before anything is queued (a failed capture is not charged).
const confirmFx = attach({ effect: showConfirmFx });
sample({
  clock: webForm.validated,
  source: $unitPrice,
  fn: (unit, values) => ({
    title: translate('capture:newWeb.confirmTitle'),
    content: translate('capture:newWeb.confirmContent', {
      count: values.urls.length,
      unit: unit ?? 0,
      total: (unit ?? 0) * values.urls.length,
    }),
    okText: translate('capture:newWeb.confirmOk'),
    cancelText: translate('capture:newWeb.confirmCancel'),
  }),
  target: confirmFx,
});
sample({
  clock: confirmFx.done,
  source: webForm.$values,
  filter: (_, { result }) => result,
  fn: (values) => ({ urls: values.urls, title: values.title.trim(), label: values.label.trim() }),
  target: webCaptureMutation.start,
});

sample({
  clock: webCaptureMutation.finished.success,
  fn: ({ result }) => ({ type: 'success' as const, text: translate('capture:newWeb.queued', { count: result.ids.length }) }),
  target: showToastFx,
});
sample({ clock: webCaptureMutation.finished.success, fn: () => ({ to: paths.evidencesWebList }), target: navigateFx });
