import { createEvent, createStore, sample, type Event, type EventCallable, type Store, type StoreWritable } from 'effector';
import type { z } from 'zod';
import { collectErrors, errorsOf, validationPassed, type ErrorRef, type FieldErrors } from './validate';

export type FormValues = Record<string, string | boolean>;

/** One field's new value; `name` and `value` agree in type. */
export type FieldChange<V extends FormValues> = { [K in keyof V & string]: { name: K; value: V[K] } }[keyof V & string];

/** Errors to put on (a message) or take off (null) named fields, e.g. from a second schema or the server. */
export type ErrorsPatch<V extends FormValues> = Partial<Record<keyof V & string, ErrorRef | null>>;

export type FormModel<V extends FormValues, Out> = {
  $values: StoreWritable<V>;
  /** Field name -> message reference of its first zod issue (translate with `translateMessage`). */
  $errors: StoreWritable<FieldErrors<keyof V & string>>;
  fieldChanged: EventCallable<FieldChange<V>>;
  /** Validates that field (and shows its message). */
  fieldBlurred: EventCallable<keyof V & string>;
  /** Sets several values at once without validating (a model clearing a spent captcha, say). */
  valuesPatched: EventCallable<Partial<V>>;
  /**
   * Values that arrived from the server (the stored setting, a record to edit again, a saved draft): they fill only
   * the fields the person has not edited since the form was reset, so an answer that comes after they started
   * typing never replaces what they typed.
   */
  valuesLoaded: EventCallable<Partial<V>>;
  /** The fields the person has edited since the form was reset. */
  $edited: Store<Partial<Record<keyof V & string, true>>>;
  errorsPatched: EventCallable<ErrorsPatch<V>>;
  /** Validates every field; fires `validated` with the parsed values, or `rejected` with the errors. */
  submitted: EventCallable<void>;
  validated: Event<Out>;
  rejected: Event<FieldErrors<keyof V & string>>;
  reset: EventCallable<void>;
};

export type FormConfig<V extends FormValues, S extends z.ZodTypeAny> = {
  /** The contract the values must satisfy on submit; also checks single fields on blur. */
  schema: S;
  initialValues: V;
  /**
   * Fields that `schema` does not cover (a value only a secondary action needs, such as a captcha) can
   * name their own schema for the blur check.
   */
  fieldSchemas?: Partial<Record<keyof V & string, z.ZodTypeAny>>;
};

function applyPatch<Name extends string>(errors: FieldErrors<Name>, patch: Partial<Record<Name, ErrorRef | null>>) {
  const next: FieldErrors<Name> = { ...errors };
  for (const name of Object.keys(patch) as Name[]) {
    const message = patch[name];
    if (message) next[name] = message;
    else delete next[name];
  }
  return next;
}

/** A small effector form: values, per-field errors from a zod contract, blur and submit validation. */
export function createForm<V extends FormValues, S extends z.ZodTypeAny>(config: FormConfig<V, S>): FormModel<V, z.output<S>> {
  type Name = keyof V & string;
  const { schema, initialValues, fieldSchemas = {} } = config;

  const fieldChanged = createEvent<FieldChange<V>>();
  const fieldBlurred = createEvent<Name>();
  const valuesPatched = createEvent<Partial<V>>();
  const valuesLoaded = createEvent<Partial<V>>();
  const errorsPatched = createEvent<ErrorsPatch<V>>();
  const submitted = createEvent();
  const validated = createEvent<z.output<S>>();
  const rejected = createEvent<FieldErrors<Name>>();
  const reset = createEvent();

  const $values = createStore<V>(initialValues);
  const $errors = createStore<FieldErrors<Name>>({});
  const $edited = createStore<Partial<Record<Name, true>>>({});

  const checkField = (values: V, name: Name): ErrorRef | null => {
    const own = (fieldSchemas as Partial<Record<Name, z.ZodTypeAny>>)[name];
    if (own) {
      const result = own.safeParse(values[name]);
      return result.success ? null : (result.error.issues[0]?.message ?? null);
    }
    return errorsOf<Name>(schema, values, [name])[name];
  };

  $values
    .on(fieldChanged, (values, { name, value }) => ({ ...values, [name]: value }))
    .on(valuesPatched, (values, patch) => ({ ...values, ...patch }))
    .reset(reset);

  $edited.on(fieldChanged, (edited, { name }) => (edited[name] ? edited : { ...edited, [name]: true })).reset(reset);
  sample({
    clock: valuesLoaded,
    source: { values: $values, edited: $edited },
    fn: ({ values, edited }, loaded) => {
      const next = { ...values };
      for (const name of Object.keys(loaded) as Name[]) {
        const value = loaded[name];
        if (!edited[name] && value !== undefined) next[name] = value;
      }
      return next;
    },
    target: $values,
  });

  $errors.on(errorsPatched, (errors, patch) => applyPatch(errors, patch)).reset(reset);

  sample({
    clock: fieldBlurred,
    source: { values: $values, errors: $errors },
    fn: ({ values, errors }, name) =>
      applyPatch<Name>(errors, { [name]: checkField(values, name) } as Partial<Record<Name, ErrorRef | null>>),
    target: $errors,
  });

  // A field that shows an error is checked again as it is edited, so the message goes once it is fixed.
  sample({
    clock: fieldChanged,
    source: { values: $values, errors: $errors },
    filter: ({ errors }, { name }) => Boolean(errors[name]),
    fn: ({ values, errors }, { name, value }) =>
      applyPatch<Name>(errors, { [name]: checkField({ ...values, [name]: value }, name) } as Partial<Record<Name, ErrorRef | null>>),
    target: $errors,
  });

  const checked = sample({ clock: submitted, source: $values, fn: (values) => collectErrors<Name>(schema, values) });
  sample({ clock: checked, fn: ({ errors }) => errors, target: $errors });
  sample({
    clock: checked,
    filter: validationPassed<Name>,
    fn: (result) => result.data as z.output<S>,
    target: validated,
  });
  sample({ clock: checked, filter: (result) => !result.ok, fn: ({ errors }) => errors, target: rejected });

  return {
    $values,
    $errors,
    fieldChanged,
    fieldBlurred,
    valuesPatched,
    valuesLoaded,
    $edited,
    errorsPatched,
    submitted,
    validated,
    rejected,
    reset,
  };
}
