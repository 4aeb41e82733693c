import type { z } from 'zod';

/** A message reference of the shared contracts (`key` or `key|field`), translated by the UI. */
export type ErrorRef = string;

export type FieldErrors<Name extends string> = Partial<Record<Name, ErrorRef>>;

/**
 * Runs a zod schema over the values and keeps, for each top-level field, the message of its first issue.
 * Issues without a path (object-level refinements) are filed under `fallbackField` when one is given.
 */
export function collectErrors<Name extends string>(
  schema: z.ZodTypeAny,
  values: unknown,
): { ok: true; data: unknown; errors: FieldErrors<Name> } | { ok: false; errors: FieldErrors<Name> } {
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
