import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiCode } from '../../src/shared/api/contracts/index';
import type { Translator } from '../i18n';
import { ApiError } from './errors';
import { containsUnsafeNumber } from './hostile-input';

export type HttpMethod = 'GET' | 'POST';

/** The signed-in user behind a request's bearer token. */
export interface Session {
  sessionId: number;
  userId: number;
  token: string;
}

export interface HandlerInput<Body, Query> {
  body: Body;
  query: Query;
  session: Session | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDefinition<
  Body extends z.ZodTypeAny = z.ZodTypeAny,
  Query extends z.ZodTypeAny = z.ZodTypeAny,
  Response extends z.ZodTypeAny = z.ZodTypeAny,
> {
  method: HttpMethod | HttpMethod[];
  url: string;
  summary: string;
  tag: string;
  /** When true the bearer token must name a live session, else the call answers code 408. */
  auth: boolean;
  body?: Body;
  query?: Query;
  response: Response;
  /** Key of the success message in locales/zh-CN/server.json, or `namespace:key`; defaults to `ok`. */
  successMessage?: string;
  handler: (input: HandlerInput<z.output<Body>, z.output<Query>>) => Promise<z.input<Response>>;
}

export const defineRoute = <B extends z.ZodTypeAny, Q extends z.ZodTypeAny, R extends z.ZodTypeAny>(
  route: RouteDefinition<B, Q, R>,
): RouteDefinition => route as unknown as RouteDefinition;

export interface RouteContext {
  translator: Translator;
  /** Resolves `Authorization: Bearer <token>`; null when missing, unknown, revoked or expired. */
  resolveSession(request: FastifyRequest): Promise<Session | null>;
  /** Checks every answer against its contract (tests and development). */
  validateResponses: boolean;
}

/** Throws a 400 with the translated message of the first zod issue; nothing has been stored yet. */
function parseInput<S extends z.ZodTypeAny>(schema: S, value: unknown, translator: Translator): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) {
    // Ids, pages and times beyond what a column holds: refused here for every contract, bounded or not.
    if (containsUnsafeNumber(result.data)) throw new ApiError(400, ApiCode.badRequest, 'server:badRequest');
    return result.data;
  }
  const issue = result.error.issues[0];
  const field = issue?.path[0] === undefined ? undefined : String(issue.path[0]);
  const text = issue ? translator.validation(issue.message, field) : translator.t('server:badRequest');
  throw new ApiError(400, ApiCode.badRequest, '', {}, text);
}

export function registerRoute(app: FastifyInstance, route: RouteDefinition, ctx: RouteContext): void {
  app.route({
    method: route.method,
    url: route.url,
    handler: async (request, reply) => {
      // The session first: a caller without one learns nothing about the call's rules.
      const session = route.auth ? await ctx.resolveSession(request) : null;
      if (route.auth && !session) throw new ApiError(401, ApiCode.sessionExpired, 'errors:sessionExpired');
      const body = route.body ? parseInput(route.body, request.body, ctx.translator) : undefined;
      const query = route.query ? parseInput(route.query, request.query, ctx.translator) : undefined;
      const data: unknown = await route.handler({ body, query, session, request, reply });
      if (ctx.validateResponses) {
        const checked = route.response.safeParse(data);
        if (!checked.success) {
          throw new Error(`response of ${route.url} breaks its contract: ${checked.error.message}`);
        }
      }
      return {
        code: ApiCode.ok,
        // A key with its own namespace (`payment:paid`) or one of server.json.
        msg: ctx.translator.t(route.successMessage?.includes(':') ? route.successMessage : `server:${route.successMessage ?? 'ok'}`),
        data: data ?? null,
      };
    },
  });
}

/** The session of an `auth: true` route; registerRoute has already answered 408 when there is none. */
export function requireSession(session: Session | null): Session {
  if (!session) throw new ApiError(401, ApiCode.sessionExpired, 'errors:sessionExpired');
  return session;
}
