import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { SUBMIT_GUARD_SOURCE } from '../../src/shared/lib/form/submit-guard';

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
 * inline script is the prerendered pages' submit guard (src/shared/lib/form/submit-guard), allowed by its hash.
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

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions = {}): Promise<void> {
  await app.register(helmet, {
    // Without the defaults, so that upgrade-insecure-requests does not break plain-HTTP trials on a LAN address.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });
}
