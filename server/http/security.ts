import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The strict policy: only our own scripts, no plugins, no framing; inline styles are needed by the UI kit. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the page compile WebAssembly (hash-wasm hashes a file in a worker for
  // /queryAuthentication); it does not allow eval of JavaScript.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // Without the defaults, so that upgrade-insecure-requests does not break plain-HTTP trials on a LAN address.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });
}
