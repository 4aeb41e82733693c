import { createEvent, createStore, sample } from 'effector';
import { checkKycImage, type KycImageRule } from '@contracts';

export type ImageSet<F extends string> = ReturnType<typeof createImageSet<F>>;

/**
 * The images of a verification form: one File per field, each checked in the browser as it is chosen
 * (type and size with the spec's messages; the service checks the content again).
 */
export function createImageSet<F extends string>(fields: readonly F[], rule: KycImageRule) {
  const fileChosen = createEvent<{ field: F; file: File | null }>();
  /** Checks every field (submit); `$valid` tells the result. */
  const checked = createEvent();
  const reset = createEvent();

  const $files = createStore<Partial<Record<F, File>>>({})
    .on(fileChosen, (files, { field, file }) => {
      const next = { ...files };
      if (file) next[field] = file;
      else delete next[field];
      return next;
    })
    .reset(reset);
  const $errors = createStore<Partial<Record<F, string>>>({})
    .on(fileChosen, (errors, { field, file }) => {
      const next = { ...errors };
      const message = file ? checkKycImage(file, rule, field) : null;
      if (message) next[field] = message;
      else delete next[field];
      return next;
    })
    .reset(reset);

  sample({
    clock: checked,
    source: $files,
    fn: (files) => {
      const errors: Partial<Record<F, string>> = {};
      for (const field of fields) {
        const message = checkKycImage(files[field] ?? null, rule, field);
        if (message) errors[field] = message;
      }
      return errors;
    },
    target: $errors,
  });
  const $valid = $files.map((files) => fields.every((field) => checkKycImage(files[field] ?? null, rule, field) === null));

  return { fields, rule, fileChosen, checked, reset, $files, $errors, $valid };
}
