import { createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { ApiError } from '@/shared/api';
import { extractCodeField, type CaptureDetail, type CapturePart } from '@contracts';
import { translate } from '@/shared/i18n';
import { captureDetailFx, captureOtherFx, parseCaptureDetail, parseCaptureParts, type RecordParams } from '../api/capture';

export type RecordViewModel = ReturnType<typeof createRecordView>;

type Loaded = { detail: CaptureDetail; parts: CapturePart[] };

const messageOf = (error: unknown): string =>
  error instanceof ApiError ? error.message || translate(error.network ? 'errors:network' : 'errors:server') : translate('errors:server');

/**
 * The public view of one collected record (/evidencesWeb, /evidencesPro, the process preview): the detail
 * and the signed links of its parts, as the session may see them; anyone else can unlock the full record
 * with the owner's extraction code.
 */
export function createRecordView() {
  const Gate = createGate<{ baoquan: string }>();
  const retryClicked = createEvent();
  const codeChanged = createEvent<string>();
  const codeSubmitted = createEvent();

  const loadFx = createEffect<RecordParams, Loaded, unknown>(async (params) => {
    const detail = parseCaptureDetail(await captureDetailFx(params));
    const parts = detail.view === 'limited' ? [] : parseCaptureParts(await captureOtherFx(params));
    return { detail, parts };
  });

  const $detail = createStore<CaptureDetail | null>(null);
  const $parts = createStore<CapturePart[]>([]);
  /** The page could not load the record (missing, or the network): the reason in words. */
  const $loadError = createStore<string | null>(null);
  const $code = createStore('');
  /** A message reference (validation) or the server's words for a refused code. */
  const $codeError = createStore<{ ref?: string; text?: string } | null>(null);
  const $acceptedCode = createStore<string | null>(null);
  const $loading = loadFx.pending;

  const $baoquan = Gate.state.map((state) => state?.baoquan ?? '');

  sample({ clock: [Gate.open, retryClicked], source: $baoquan, filter: Boolean, fn: (baoquan) => ({ baoquan }), target: loadFx });
  $detail.on(loadFx.doneData, (_, { detail }) => detail).reset(Gate.close);
  $parts.on(loadFx.doneData, (_, { parts }) => parts).reset(Gate.close);
  $loadError.on(loadFx.fail, (current, { params, error }) => (params.code ? current : messageOf(error))).reset([Gate.close, loadFx.done]);

  $code.on(codeChanged, (_, code) => code).reset(Gate.close);
  $codeError.reset([Gate.close, codeChanged]);
  $acceptedCode.reset(Gate.close);

  const checked = sample({ clock: codeSubmitted, source: $code, fn: (code) => extractCodeField.safeParse(code) });
  sample({
    clock: checked,
    filter: (result) => !result.success,
    fn: (result) => ({ ref: result.error?.issues[0]?.message ?? 'invalid' }),
    target: $codeError,
  });
  sample({
    clock: checked,
    source: $baoquan,
    filter: (_, result) => result.success,
    fn: (baoquan, result) => ({ baoquan, code: result.data ?? '' }),
    target: loadFx,
  });
  sample({
    clock: loadFx.fail,
    filter: ({ params }) => Boolean(params.code),
    fn: ({ error }) => ({ text: messageOf(error) }),
    target: $codeError,
  });
  sample({
    clock: loadFx.done,
    filter: ({ params }) => Boolean(params.code),
    fn: ({ params }) => params.code ?? null,
    target: $acceptedCode,
  });

  return {
    Gate,
    retryClicked,
    codeChanged,
    codeSubmitted,
    $detail,
    $parts,
    $loadError,
    $loading,
    $code,
    $codeError,
    $acceptedCode,
    $baoquan,
    loadFx,
  };
}
