import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';
import { ApiCode } from '../../contracts/index';

/**
 * Guards against input no contract should have to think about: NUL characters, which PostgreSQL
 * refuses in text, and numbers no column can hold. Both answer the translated 400 before a handler runs.
 */

const MAX_DEPTH = 8;

/** Parsed data (plain or null-prototype objects: querystring parsers use both), never streams, buffers or dates. */
const isRecord = (value: object): boolean =>
  !ArrayBuffer.isView(value) && !(value instanceof Date) && typeof (value as { pipe?: unknown }).pipe !== 'function';

/** True when a string anywhere in a parsed query, form or JSON body contains U+0000. Streams are not walked. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (!isRecord(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** True when a parsed value holds a number no integer column or JavaScript integer represents exactly. */
export function containsUnsafeNumber(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return !Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER;
  if (typeof value === 'bigint') return true;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsUnsafeNumber(item, depth + 1));
  if (value instanceof Date) return Number.isNaN(value.getTime());
  if (!isRecord(value)) return false;
  return Object.values(value).some((item) => containsUnsafeNumber(item, depth + 1));
}

export const invalidCharacters = () => new ApiError(400, ApiCode.badRequest, 'server:invalidCharacters');

/** PostgreSQL's "data exception" class (22xxx): a value the database cannot take, i.e. bad input that got through. */
export const isDataException = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
};

/** Every route, including the ones that parse their own input: NUL characters in the query, params or body. */
export function registerHostileInputGuards(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    done(containsNul(request.query) || containsNul(request.params) || containsNul(request.body) ? invalidCharacters() : undefined);
  });
}
