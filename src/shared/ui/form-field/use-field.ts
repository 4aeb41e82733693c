import type { EventCallable, Store } from 'effector';
import { useUnit } from 'effector-react';
import type { FieldChange, FieldErrors, FormValues } from '../../lib/form';

/** The part of a `createForm` model a single text field needs. */
export type FieldSource<V extends FormValues> = {
  $values: Store<V>;
  $errors: Store<FieldErrors<keyof V & string>>;
  fieldChanged: EventCallable<FieldChange<V>>;
  fieldBlurred: EventCallable<keyof V & string>;
};

/** Value, error and handlers of one text field of a form, ready to spread into `FormField`. */
export type BoundField = { value: string; error: string | null; onChange: (value: string) => void; onBlur: () => void };

/** Names of the fields of V that hold text. */
type TextFieldName<V extends FormValues> = { [K in keyof V & string]: V[K] extends string ? K : never }[keyof V & string];

/** Binds a `FormField` to one text field of a form model. */
export function useField<V extends FormValues, N extends TextFieldName<V>>(form: FieldSource<V>, name: N): BoundField {
  const [values, errors, changed, blurred] = useUnit([form.$values, form.$errors, form.fieldChanged, form.fieldBlurred]);
  return {
    value: String(values[name] ?? ''),
    error: errors[name] ?? null,
    // N names a text field, so a string is its value; TypeScript cannot see that through the mapped type.
    onChange: (value) => changed({ name, value } as unknown as FieldChange<V>),
    onBlur: () => blurred(name),
  };
}
