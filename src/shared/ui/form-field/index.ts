export { FormField } from './form-field';
export type { FormFieldProps } from './form-field';
export { useField } from './use-field';
export type { BoundField, FieldSource } from './use-field';
