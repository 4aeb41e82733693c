import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SessionService } from '../modules/auth/sessions';
import { StaffSessionService } from '../modules/staff/sessions';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { register } from '../test-support/flows';

/**
 * Property-based fuzzing of every operation of the OpenAPI document (issue 14): random and hostile values per
 * schema type, in every body encoding the service accepts, signed in, anonymous and (the staff calls, issue 19) as
 * an administrator of the staff console. Whatever arrives, the service answers the `{code, msg, data}` envelope,
 * never a 5xx, refusals carry a Chinese message, and it stays alive. Bounded in count (RUNS per operation and
 * mode) and in time (fast-check's interruptAfterTimeLimit).
 */

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};
type Operation = {
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
  'x-staff-roles'?: string[];
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const HAN = /[\u4e00-\u9fff]/;

/** Values chosen to break parsers, databases and number handling. */
const hostileNumber = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  '1e400',
  '-1e400',
  '99999999999999999999',
  '9223372036854775808',
  '2147483648',
  '-9223372036854775809',
  'NaN',
  'Infinity',
  '0x10',
  '',
  ' ',
  '1,2',
  '١',
  '1\u0000',
);
const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '../../etc/passwd',
    '..\\..\\windows',
    '%00',
    '%',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '//evil.example',
    '/.//evil.example',
    '\ud800',
    '\uffff',
    '𠮷'.repeat(50),
    'x'.repeat(10_000),
    '1,2,3,abc,99999999999999999999',
    'all',
    '\t\r\n',
    '{"a":1}',
    '__proto__',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const anyScalar = fc.oneof(hostileNumber, hostileString);

function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return anyScalar;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map(valueFor), anyScalar);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), anyScalar);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return fc.oneof(
        hostileNumber,
        fc.integer().map(String),
        fc.double().map(String),
        fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0, (schema.maximum ?? 0) + 1).map(String),
      );
    case 'boolean':
      return fc.oneof(fc.constantFrom('true', 'false', '1', '0', 'yes'), anyScalar);
    case 'array':
      return fc.oneof(fc.array(valueFor(schema.items), { maxLength: 4 }), anyScalar);
    case 'object':
      return fc.oneof(objectFor(schema), anyScalar);
    default:
      return hostileString;
  }
}

/** Some of the schema's properties (hostile values), and sometimes a property no schema names. */
function objectFor(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema?.properties ?? {};
  const known = fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property)])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'id', 'ids', 'page', 'x'), anyScalar, { maxKeys: 2 });
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

/** A url-encoded form or query string of values (arrays repeat the key, objects become JSON text). */
function encode(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  }
  return params.toString();
}

const encodings = ['form', 'json', 'multipart', 'broken-multipart', 'octet', 'bad-json', 'none'] as const;
type Encoding = (typeof encodings)[number];

function bodyOf(encoding: Encoding, values: Record<string, unknown>): { headers: Record<string, string>; payload?: string | Buffer } {
  switch (encoding) {
    case 'form':
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: encode(values) };
    case 'json':
      return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(values) };
    case 'bad-json':
      return { headers: { 'content-type': 'application/json' }, payload: '{"a":' };
    case 'multipart': {
      const boundary = 'fuzzBoundary';
      const parts = Object.entries(values).map(
        ([key, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${String(value)}\r\n`,
      );
      const file = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\x89PNG\r\n`;
      return {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${parts.join('')}${file}--${boundary}--\r\n`,
      };
    }
    case 'broken-multipart':
      // Truncated in the middle of a part, and a header line that never ends.
      return {
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\ncontent-disposition: form-data; name="file"; filename="a.bin"\r\n\r\nabc\r\n--xyz\r\ncontent-dispos',
      };
    case 'octet':
      return { headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from([0, 1, 2, 0xff, 0]) };
    case 'none':
      return { headers: {} };
  }
}

function expectEnvelope(status: number, raw: string, label: string): void {
  expect(status, `${label}: HTTP ${status} ${raw.slice(0, 300)}`).toBeLessThan(500);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Error(`${label}: not JSON: ${raw.slice(0, 200)}`);
  }
  const envelope = body as { code?: unknown; msg?: unknown; data?: unknown };
  expect(typeof envelope.code, `${label}: ${raw.slice(0, 200)}`).toBe('number');
  expect(typeof envelope.msg, label).toBe('string');
  expect('data' in (envelope as object), label).toBe(true);
  if (envelope.code !== 200) expect(envelope.msg as string, `${label}: refusal without a Chinese message`).toMatch(HAN);
}

describe('fuzzing every operation of the OpenAPI document (issue 14)', () => {
  let t: TestApp;
  let operations: { path: string; method: string; operation: Operation }[];
  let userId: number;

  // The database's own refusals are a backstop (answered 400 and logged): the contracts should have caught them.
  const refusedByDatabase: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      config: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void (line.includes('input refused by the database') && refusedByDatabase.push(line)) },
    });
    await register(t, '13800138000');
    const user = await t.db.selectFrom('users').select('id').where('phone', '=', '13800138000').executeTakeFirstOrThrow();
    userId = user.id;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  afterEach(() => {
    expect(refusedByDatabase.map((line) => line.slice(0, 600))).toEqual([]);
  });

  it('lists the operations it fuzzes', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  // Anonymous and as a user: every operation; as staff (an administrator, who may call them all): the staff calls.
  for (const mode of ['anonymous', 'signed in', 'staff'] as const) {
    it(`answers every hostile request with the envelope, never a 5xx (${mode})`, { timeout: 300_000 }, async () => {
      const sessions = new SessionService(t.db, t.clock);
      const staffSessions = new StaffSessionService(t.db, t.clock, 30);
      const admin = await t.db
        .insertInto('staff')
        .values({ username: `fuzz.${mode.replace(' ', '')}`, name: 'fuzz', role: 'admin', password_hash: 'x', created_at: t.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const authorization = async () => {
        if (mode === 'signed in') return `Bearer ${await sessions.create(userId)}`;
        if (mode === 'staff') return `Staff ${await staffSessions.create(t.db, admin.id, 'active')}`;
        return undefined;
      };
      for (const { path, method, operation } of operations) {
        if (mode === 'staff' && !operation['x-staff-roles']) continue;
        const querySchema: JsonSchema = {
          type: 'object',
          properties: Object.fromEntries((operation.parameters ?? []).map((p) => [p.name, p.schema])),
        };
        const bodySchema = operation.requestBody?.content['application/x-www-form-urlencoded']?.schema;
        await fc.assert(
          fc.asyncProperty(objectFor(querySchema), objectFor(bodySchema), fc.constantFrom(...encodings), async (query, body, encoding) => {
            // A fresh session for each request: a fuzzed logout or password change must not end the others.
            const token = await authorization();
            const { headers, payload } = method === 'GET' ? { headers: {}, payload: undefined } : bodyOf(encoding, body);
            const search = encode(query);
            const response = await t.app.inject({
              method: method as 'GET' | 'POST',
              url: search ? `${path}?${search}` : path,
              headers: { ...headers, ...(token ? { authorization: token } : {}) },
              ...(payload === undefined ? {} : { payload }),
            });
            const type = String(response.headers['content-type'] ?? '');
            // Successful answers of download-like calls may be files; everything else is the envelope.
            if (response.statusCode < 400 && !type.includes('application/json')) return;
            expectEnvelope(response.statusCode, response.body, `${method} ${path} [${encoding}] ?${search.slice(0, 120)}`);
          }),
          { numRuns: RUNS, interruptAfterTimeLimit: 20_000, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000) },
        );
      }
      // Still alive and still right.
      const alive = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(alive.statusCode).toBe(200);
    });
  }

  // Calls outside the OpenAPI document (downloads, images, gateway notifies, the sandboxes of outside parties): never a 5xx, and
  // the envelope whenever the answer is JSON (gateway notifies answer in the gateway's own format).
  const rawRoutes: [method: 'GET' | 'POST', path: string][] = [
    ['GET', '/api/files/download'],
    ['GET', '/api/data/batchPackage'],
    ['GET', '/api/check/certificatePdf'],
    ['GET', '/api/signature/image/1'],
    ['GET', '/api/kyc/image/1/license'],
    ['GET', '/api/notary/transfer/1'],
    ['POST', '/api/alipay/notify'],
    ['POST', '/api/wechat/notify'],
    ['GET', '/sandbox/sms.json'],
    ['GET', '/sandbox/captcha.json'],
    ['GET', '/sandbox/face'],
    ['POST', '/sandbox/face'],
    ['POST', '/sandbox/alipay/cashier'],
    ['POST', '/sandbox/alipay/cashier/pay'],
    ['GET', '/sandbox/wechat/scan'],
    ['POST', '/sandbox/wechat/scan'],
    ['POST', '/sandbox/orders'],
  ];
  it('answers hostile requests to the calls outside the OpenAPI document without a 5xx', { timeout: 120_000 }, async () => {
    const loose = {
      type: 'object',
      properties: { id: { type: 'integer' }, token: {}, exp: { type: 'integer' }, sig: {}, orderId: {}, phone: {} },
    };
    for (const [method, path] of rawRoutes) {
      await fc.assert(
        fc.asyncProperty(objectFor(loose), objectFor(loose), fc.constantFrom(...encodings), async (query, body, encoding) => {
          const { headers, payload } = method === 'GET' ? { headers: {}, payload: undefined } : bodyOf(encoding, body);
          const search = encode(query);
          const response = await t.app.inject({
            method,
            url: search ? `${path}?${search}` : path,
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          const label = `${method} ${path} [${encoding}] ?${search.slice(0, 120)}`;
          expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
          const json = String(response.headers['content-type'] ?? '').includes('application/json');
          if (json && path.startsWith('/api/') && response.statusCode >= 400) {
            expectEnvelope(response.statusCode, response.body, label);
          }
        }),
        { numRuns: RUNS * 2, interruptAfterTimeLimit: 10_000 },
      );
    }
  });

  it('refuses NUL characters in multipart fields and raw-upload queries before they reach the database', async () => {
    const token = await new SessionService(t.db, t.clock).create(userId);
    const auth = { authorization: `Bearer ${token}` };
    const boundary = 'nulBoundary';
    const multipart = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([key, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
        .join('') +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a\u0000.png"\r\ncontent-type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--${boundary}--\r\n`;
    const uploads: [string, Record<string, string>][] = [
      ['/api/signature/upload', { name: 'seal\u0000', isDefault: '1' }],
      ['/api/data/upload', { label: 'l\u0000', title: 't' }],
      ['/api/capture/mobile/upload', { appAddress: 'a\u0000', appType: '1' }],
    ];
    for (const [url, fields] of uploads) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: multipart(fields),
      });
      expectEnvelope(response.statusCode, response.body, url);
      expect(response.json<{ code: number }>().code, `${url}: ${response.body}`).toBe(400);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/data/upload?label=a%00&title=t&fileName=a.txt`,
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('hello'),
    });
    expect(raw.json<{ code: number }>().code).toBe(400);
  });

  it('answers malformed URLs and paths with the envelope', async () => {
    const urls = [
      '/api/%zz',
      '/api/user/getUserInfo?%',
      '/api/user/getUserInfo?a=%zz',
      '/api/%00',
      '/api/user/%E0%A4%A',
      '/api/files/download?token=%00',
      '/api/notary/transfer/99999999999999999999999',
      '/api/notary/transfer/-1',
      '/api/signature/image/1e400?exp=1e400&sig=%00',
      '/api/nope',
    ];
    for (const url of urls) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url });
        const type = String(response.headers['content-type'] ?? '');
        if (response.statusCode < 400 && !type.includes('application/json')) continue;
        expectEnvelope(response.statusCode, response.body, `${method} ${url}`);
      }
    }
  });
});
