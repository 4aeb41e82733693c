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
