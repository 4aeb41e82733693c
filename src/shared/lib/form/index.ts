export { createForm } from './create-form';
export type { ErrorsPatch, FieldChange, FormConfig, FormModel, FormValues } from './create-form';
export { collectErrors, errorsOf, hasErrors, validationPassed } from './validate';
export type { ErrorRef, FieldErrors, Validation, ValidationPassed } from './validate';
export { formWentLive } from './submit-guard';
export { keepTypedValues, takeTypedValue } from './typed-values';
