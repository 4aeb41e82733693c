import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiCode, type StaffRole } from '../../contracts/index';
import type { Translator } from '../i18n';
import { ApiError } from './errors';
import { containsUnsafeNumber } from './hostile-input';
import { applyUserLanguage, requestTranslator } from './language';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

/** The signed-in user behind a request's bearer token. */
export interface Session {
  sessionId: number;
  userId: number;
  token: string;
  /** The user's language setting (null: none, the request's Accept-Language decides). */
  language?: string | null;
}

/** A signed-in member of staff behind `Authorization: Staff <token>` (server/modules/staff), never a user. */
export interface StaffSession {
  sessionId: number;
  staffId: number;
  role: StaffRole;
  username: string;
  name: string;
  token: string;
}

/** What a schema parses to; `undefined` when the route declares no schema for that part of the request. */
export type Parsed<S> = S extends z.ZodTypeAny ? z.output<S> : undefined;

export interface HandlerInput<Body, Query, S extends Session | null> {
  body: Body;
  query: Query;
  /** `Session` on an `auth: true` route (the caller without one has had 408 already), else `Session | null` (always null). */
  session: S;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteFields<B, Q, R extends z.ZodTypeAny> {
  method: HttpMethod | HttpMethod[];
  url: string;
  summary: string;
  tag: string;
  /** Parsed from the (form or JSON) body before the handler runs; a refusal is the translated 400 of parseInput. */
  body?: B;
  /** Parsed from the query string, likewise. */
  query?: Q;
  response: R;
  /** Key of the success message in locales/<language>/server.json, or `namespace:key`; defaults to `ok`. */
  successMessage?: string;
}

/** A route only a signed-in user may call: the bearer token must name a live session, else the call answers code 408. */
export interface AuthRouteSpec<B, Q, R extends z.ZodTypeAny> extends RouteFields<B, Q, R> {
  auth: true;
  handler: (input: HandlerInput<Parsed<B>, Parsed<Q>, Session>) => Promise<z.input<R>> | z.input<R>;
}

/**
 * A public route: nobody's session is looked up, so `session` is always null. A public call that still
 * recognises a signed-in owner resolves the token itself (e.g. the evidence checks).
 */
export interface PublicRouteSpec<B, Q, R extends z.ZodTypeAny> extends RouteFields<B, Q, R> {
  auth: false;
  handler: (input: HandlerInput<Parsed<B>, Parsed<Q>, Session | null>) => Promise<z.input<R>> | z.input<R>;
}

export type RouteSpec<B, Q, R extends z.ZodTypeAny> = AuthRouteSpec<B, Q, R> | PublicRouteSpec<B, Q, R>;

/**
 * A declared route with its types closed over: `handle` resolves the session, parses body and query and calls the
 * typed handler. What registerRoute and the OpenAPI document read.
 */
export interface RouteDefinition {
  method: HttpMethod | HttpMethod[];
  url: string;
  summary: string;
  tag: string;
  auth: boolean;
  /** A staff console call (defineStaffRoute): the roles it answers; absent on user and public calls. */
  staffRoles?: readonly StaffRole[];
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  successMessage?: string;
  handle(request: FastifyRequest, reply: FastifyReply, ctx: RouteContext): Promise<unknown>;
}

export interface RouteContext {
  /** The default language's, for a request Fastify refused before its language was picked; routes use request.translator. */
  translator: Translator;
  /** Resolves `Authorization: Bearer <token>`; null when missing, unknown, revoked or expired. */
  resolveSession(request: FastifyRequest): Promise<Session | null>;
  /** Resolves `Authorization: Staff <token>` to an active staff session; null when missing, ended, idle or disabled. */
  resolveStaffSession(request: FastifyRequest): Promise<StaffSession | null>;
  /** Checks every answer against its contract (tests and development). */
  validateResponses: boolean;
}

export const parsePart = <S>(schema: S | undefined, value: unknown, translator: Translator): Parsed<S> =>
  (schema === undefined ? undefined : parseInput(schema as z.ZodTypeAny, value, translator)) as Parsed<S>;

/**
 * Declares a route. `auth: true` hands the handler a `Session`; `auth: false` hands it null. The session is
 * resolved first: a caller without one learns nothing about the call's rules.
 */
export function defineRoute<
  B extends z.ZodTypeAny | undefined = undefined,
  Q extends z.ZodTypeAny | undefined = undefined,
  R extends z.ZodTypeAny = z.ZodTypeAny,
>(spec: RouteSpec<B, Q, R>): RouteDefinition {
  const { handler: _handler, ...fields } = spec;
  return {
    ...fields,
    body: spec.body,
    query: spec.query,
    async handle(request, reply, ctx) {
      if (spec.auth) {
        const session = await ctx.resolveSession(request);
        if (!session) throw new ApiError(401, ApiCode.sessionExpired, 'errors:sessionExpired');
        applyUserLanguage(request, session.language);
        const translator = requestTranslator(request, ctx.translator);
        const body = parsePart(spec.body, request.body, translator);
        const query = parsePart(spec.query, request.query, translator);
        return spec.handler({ body, query, session, request, reply });
      }
      const translator = requestTranslator(request, ctx.translator);
      const body = parsePart(spec.body, request.body, translator);
      const query = parsePart(spec.query, request.query, translator);
      return spec.handler({ body, query, session: null, request, reply });
    },
  };
}

/**
 * Parses a request's input (body, query, the fields of an upload) or throws the 400 with the translated message
 * of the first zod issue; nothing has been stored yet. The one place a refused input becomes its answer: routes
 * that read their own input (uploads, sandbox pages) call it too. `onRefused` runs before the throw (an upload
 * drains its unread file there).
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, value: unknown, translator: Translator, onRefused?: () => void): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) {
    // Ids, pages and times beyond what a column holds: refused here for every contract, bounded or not.
    // `S` is any zod type, so `safeParse` types its data `any`: it is the schema's output.
    if (!containsUnsafeNumber(result.data)) return result.data as z.output<S>;
    onRefused?.();
    throw new ApiError(400, ApiCode.badRequest, 'server:badRequest');
  }
  onRefused?.();
  throw new ApiError(400, ApiCode.badRequest, '', {}, refusalText(result.error, translator));
}

/** The translated message of a refused input: its first zod issue, named after its field. Pages that answer HTML use it too. */
export function refusalText(error: z.ZodError, translator: Translator): string {
  const issue = error.issues[0];
  const field = issue?.path[0] === undefined ? undefined : String(issue.path[0]);
  return issue ? translator.validation(issue.message, field) : translator.t('server:badRequest');
}

/** Registers a declared route: its handler's answer goes out in the `{code,msg,data}` envelope. */
export function registerRoute(app: FastifyInstance, route: RouteDefinition, ctx: RouteContext): void {
  app.route({
    method: route.method,
    url: route.url,
    handler: async (request, reply) => {
      const data = await route.handle(request, reply, ctx);
      if (ctx.validateResponses) {
        const checked = route.response.safeParse(data);
        if (!checked.success) {
          throw new Error(`response of ${route.url} breaks its contract: ${checked.error.message}`);
        }
      }
      return {
        code: ApiCode.ok,
        // A key with its own namespace (`payment:paid`) or one of server.json.
        msg: requestTranslator(request, ctx.translator).t(
          route.successMessage?.includes(':') ? route.successMessage : `server:${route.successMessage ?? 'ok'}`,
        ),
        data: data ?? null,
      };
    },
  });
}
