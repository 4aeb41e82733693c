import type { z } from 'zod';

/** A message reference of the shared contracts (`key` or `key|field`), translated by the UI. */
export type ErrorRef = string;

export type FieldErrors<Name extends string> = Partial<Record<Name, ErrorRef>>;

export type ValidationPassed<Name extends string> = { ok: true; data: unknown; errors: FieldErrors<Name> };
export type Validation<Name extends string> = ValidationPassed<Name> | { ok: false; errors: FieldErrors<Name> };

/** Type guard for `sample({ filter: validationPassed })`. */
export function validationPassed<Name extends string>(result: Validation<Name>): result is ValidationPassed<Name> {
  return result.ok;
}

/**
 * Runs a zod schema over the values and keeps, for each top-level field, the message of its first issue
 * (`issue.path[0]`). Issues without a path are left out: a form has nowhere to show them.
 */
export function collectErrors<Name extends string>(schema: z.ZodTypeAny, values: unknown): Validation<Name> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  const errors: FieldErrors<Name> = {};
  for (const issue of result.error.issues) {
    const head = issue.path[0];
    if (typeof head !== 'string') continue;
    const name = head as Name;
    if (errors[name] === undefined) errors[name] = issue.message;
  }
  return { ok: false, errors };
}

/** The errors of the named fields only: every name gets its first message, or null when it passed. */
export function errorsOf<Name extends string>(
  schema: z.ZodTypeAny,
  values: unknown,
  names: readonly Name[],
): Record<Name, ErrorRef | null> {
  const { errors } = collectErrors<Name>(schema, values);
  const picked = {} as Record<Name, ErrorRef | null>;
  for (const name of names) picked[name] = errors[name] ?? null;
  return picked;
}

export function hasErrors(errors: Partial<Record<string, ErrorRef | null>>): boolean {
  return Object.values(errors).some((message) => Boolean(message));
}
