import type { FastifyInstance } from 'fastify';
import type { RouteDefinition } from './http/route';
import type { Services } from './services';

/** What a module's register() receives: the app's shared services, and the way to declare typed routes. */
export interface ModuleContext extends Services {
  /**
   * Registers declared routes (session, input parsing, the `{code,msg,data}` envelope, the response check) and
   * lists them in /api/openapi.json. Raw routes (files, PDFs, sandbox pages) go on `app` directly.
   */
  addRoutes(routes: readonly RouteDefinition[]): void;
}

/**
 * One server module (server/modules/<name>, server/chain, server/files): its routes, hooks and background work.
 * buildApp lists the modules and calls register() once each, in order, on the root app (not an encapsulated
 * plugin: the error handler, hooks and not-found handler of app.ts apply to every route).
 */
export interface ServerModule {
  name: string;
  register(app: FastifyInstance, ctx: ModuleContext): void | Promise<void>;
}
