import { z } from 'zod';

/** Business codes of the `{code, msg, data}` envelope (spec sections 7 and 8). */
export const ApiCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  sessionExpired: 408,
  tooManyRequests: 429,
  serverError: 500,
} as const;

export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; msg: string; data: T };

/** Query and form values arrive as strings; these coerce them the way a url-encoded form means them. */
export const formInt = z.coerce.number().int();
export const emptyBody = z.object({}).passthrough();

/**
 * One of the given numeric codes, in one membership check. A union of literals builds an issue, message included,
 * for each literal it tries before the one that matches: checking a list's answer spent most of its time there.
 * openapi.json describes it as the same enum.
 */
export const codes = <const T extends readonly [number, ...number[]]>(...values: T) =>
  // zod types a native enum's values as its object's values; ours are exactly T's.
  z.nativeEnum(Object.fromEntries(values.map((value) => [`c${value}`, value])) as unknown as z.EnumLike) as unknown as z.ZodType<
    T[number],
    z.ZodNativeEnumDef,
    T[number]
  >;
