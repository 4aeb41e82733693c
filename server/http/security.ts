import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { SUBMIT_GUARD_SOURCE } from '../../contracts/index';

/** The CSP source that allows exactly one inline script, by the SHA-256 of its text. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

export interface SecurityOptions {
  /**
   * Origins a form may be sent to besides our own (`form-action`): the payment gateway whose page-pay form the
   * browser posts (features/pay-order/lib/gateway-form.ts), and the hosts it redirects that submission to.
   */
  formTargets?: readonly string[];
}

/**
 * The strict policy: only our own scripts, no plugins, no framing; inline styles are needed by the UI kit. The one
 * inline script is the prerendered pages' submit guard (contracts/page-scripts.ts), allowed by its hash.
 */
export function cspDirectives({ formTargets = [] }: SecurityOptions = {}) {
  return {
    defaultSrc: ["'self'"],
    // 'wasm-unsafe-eval' lets the page compile WebAssembly (hash-wasm hashes a file in a worker for
    // /queryAuthentication); it does not allow eval of JavaScript.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", scriptHash(SUBMIT_GUARD_SOURCE)],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...formTargets],
    imgSrc: ["'self'", 'data:', 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
  };
}

/**
 * The headers helmet sets for our options, computed once: they do not depend on the request (no nonces). The
 * Fastify plugin built helmet's middleware again on every request, its CSP parsing included: about 2% of the
 * evidence list's CPU.
 */
export function securityHeaders(options: SecurityOptions = {}): ReadonlyArray<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [];
  let failure: unknown;
  const collector = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return collector;
    },
    removeHeader() {},
  };
  helmet({
    // Without the defaults, so that upgrade-insecure-requests does not break plain-HTTP trials on a LAN address.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  })({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  // Only a bad option makes helmet fail: at start, never per request.
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused its options');
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions = {}): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
