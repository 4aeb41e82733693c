import { attach, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { z } from 'zod';
import { ABORTED_CODE, ApiError, type UploadProgress } from '@/shared/api';
import { msg, uploadFieldsSchema, uploadResponse, type Evidence } from '@contracts';
import { translate } from '@/shared/i18n';
import { uploadEvidenceFx } from '../api/upload';

export type UploadItemState = 'ready' | 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export type UploadItem = {
  id: number;
  file: File;
  name: string;
  size: number;
  label: string;
  title: string;
  state: UploadItemState;
  /** Bytes sent so far. */
  loaded: number;
  /** A message reference (validation) for the label field. */
  labelError: string | null;
  /** What went wrong (server message or network text). */
  error: string | null;
  result: Evidence | null;
};

/** A label per file is asked for (and at most 50 characters, as the server checks); the title is optional. */
export const uploadItemSchema = uploadFieldsSchema.extend({
  label: z.string().trim().min(1, msg('required', 'label')).max(50, msg('labelMax')),
});

export const filesChosen = createEvent<File[]>();
export const itemLabelChanged = createEvent<{ id: number; value: string }>();
export const itemTitleChanged = createEvent<{ id: number; value: string }>();
/** Fills the label of every file not sent yet. */
export const allLabelChanged = createEvent<string>();
export const itemRemoved = createEvent<number>();
export const startClicked = createEvent();
export const cancelClicked = createEvent<number>();
export const finishedCleared = createEvent();
export const reset = createEvent();

/** A file was preserved: its record, for lists to show it. */
export const evidenceUploaded = createEvent<Evidence>();

const progressed = createEvent<{ id: number } & UploadProgress>();
const abortRegistered = createEvent<{ id: number; controller: AbortController }>();

export const $items = createStore<UploadItem[]>([], { serialize: 'ignore' });
export const $allLabel = createStore('');
const $nextId = createStore(1);
const $aborts = createStore<Record<number, AbortController>>({}, { serialize: 'ignore' });

export const $hasReady = $items.map((items) => items.some((item) => item.state === 'ready'));
export const $busy = $items.map((items) => items.some((item) => item.state === 'uploading' || item.state === 'queued'));
export const $hasFinished = $items.map((items) =>
  items.some((item) => item.state === 'done' || item.state === 'cancelled' || item.state === 'failed'),
);

const update = (items: UploadItem[], id: number, patch: Partial<UploadItem> | ((item: UploadItem) => Partial<UploadItem>)) =>
  items.map((item) => (item.id === id ? { ...item, ...(typeof patch === 'function' ? patch(item) : patch) } : item));

const labelErrorOf = (label: string): string | null => {
  const result = uploadItemSchema.shape.label.safeParse(label);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

sample({
  clock: filesChosen,
  source: { items: $items, nextId: $nextId, allLabel: $allLabel },
  filter: (_, files) => files.length > 0,
  fn: ({ items, nextId, allLabel }, files) => [
    ...items,
    ...files.map((file, index): UploadItem => ({
      id: nextId + index,
      file,
      name: file.name,
      size: file.size,
      label: allLabel,
      title: '',
      state: 'ready',
      loaded: 0,
      labelError: null,
      error: null,
      result: null,
    })),
  ],
  target: $items,
});
$nextId.on(filesChosen, (id, files) => id + files.length);

$items
  .on(itemLabelChanged, (items, { id, value }) =>
    update(items, id, (item) => ({ label: value, labelError: item.labelError ? labelErrorOf(value) : null })),
  )
  .on(itemTitleChanged, (items, { id, value }) => update(items, id, { title: value }))
  .on(allLabelChanged, (items, value) => items.map((item) => (item.state === 'ready' ? { ...item, label: value, labelError: null } : item)))
  .on(itemRemoved, (items, id) => items.filter((item) => item.id !== id || item.state === 'uploading' || item.state === 'queued'))
  .on(finishedCleared, (items) => items.filter((item) => item.state !== 'done' && item.state !== 'cancelled' && item.state !== 'failed'))
  .on(progressed, (items, { id, loaded }) => update(items, id, { loaded }))
  .reset(reset);
$allLabel.on(allLabelChanged, (_, value) => value).reset(reset);

// Start: every ready file with a valid label joins the queue; otherwise the labels show what is wrong.
const checked = sample({
  clock: startClicked,
  source: $items,
  fn: (items) => items.map((item) => (item.state === 'ready' ? { ...item, labelError: labelErrorOf(item.label) } : item)),
});
sample({ clock: checked, target: $items });
sample({
  clock: checked,
  filter: (items) => items.some((item) => item.state === 'ready') && items.every((item) => item.state !== 'ready' || !item.labelError),
  fn: (items) => items.map((item): UploadItem => (item.state === 'ready' ? { ...item, state: 'queued', loaded: 0, error: null } : item)),
  target: $items,
});

/** Sends one file; progress and its abort controller flow back into the model of the scope that started it. */
export const uploadItemFx = createEffect<UploadItem, Evidence, ApiError>(async (item) => {
  const onProgress = scopeBind(progressed, { safe: true });
  const register = scopeBind(abortRegistered, { safe: true });
  const controller = new AbortController();
  register({ id: item.id, controller });
  const data = await uploadEvidenceFx({
    file: item.file,
    label: item.label.trim(),
    title: item.title.trim() || undefined,
    onProgress: ({ loaded, total }) => onProgress({ id: item.id, loaded, total }),
    signal: controller.signal,
  });
  return uploadResponse.parse(data);
});

$aborts
  .on(abortRegistered, (aborts, { id, controller }) => ({ ...aborts, [id]: controller }))
  .on(uploadItemFx.finally, (aborts, { params }) => {
    const { [params.id]: _gone, ...rest } = aborts;
    return rest;
  })
  .reset(reset);

// One file at a time: the next queued file starts when nothing is being sent.
const pumped = createEvent();
sample({ clock: $items.updates, target: pumped });
const next = sample({
  clock: pumped,
  source: $items,
  filter: (items) => !items.some((item) => item.state === 'uploading') && items.some((item) => item.state === 'queued'),
  fn: (items) => items.find((item) => item.state === 'queued')!,
});
$items.on(next, (items, item) => update(items, item.id, { state: 'uploading', loaded: 0 }));
sample({ clock: next, target: uploadItemFx });

$items
  .on(uploadItemFx.done, (items, { params, result }) => update(items, params.id, (item) => ({ state: 'done', loaded: item.size, result })))
  .on(uploadItemFx.fail, (items, { params, error }) =>
    update(items, params.id, () =>
      error instanceof ApiError && error.code === ABORTED_CODE
        ? { state: 'cancelled', error: null }
        : {
            state: 'failed',
            error:
              error instanceof ApiError
                ? error.message || (error.network ? translate('errors:network') : null)
                : translate('errors:server'),
          },
    ),
  );
sample({ clock: uploadItemFx.doneData, target: evidenceUploaded });

// Cancel: a queued file leaves the queue; the file being sent is aborted (the server keeps nothing of it).
$items.on(cancelClicked, (items, id) =>
  items.map((item) => (item.id === id && item.state === 'queued' ? { ...item, state: 'cancelled' as const } : item)),
);
const abortFx = attach({
  source: $aborts,
  effect: (aborts, id: number) => {
    aborts[id]?.abort();
  },
});
sample({ clock: cancelClicked, target: abortFx });
