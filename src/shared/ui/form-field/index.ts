export { SelectField, TextAreaField } from './choice-fields';
export type { SelectFieldProps, TextAreaFieldProps } from './choice-fields';
export { FormField } from './form-field';
export type { FormFieldProps } from './form-field';
export { useField } from './use-field';
export type { BoundField, FieldSource } from './use-field';
export { useAdoptDomValue } from './use-adopt-dom-value';
