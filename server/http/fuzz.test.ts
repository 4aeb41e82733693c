import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORG_IMAGE_FIELDS, PERSON_IMAGE_FIELDS, REPAIR_IMAGE_FIELDS } from '../../contracts/index';
import { createTranslator } from '../i18n';
import { SessionService } from '../modules/auth/sessions';
import { StaffSessionService } from '../modules/staff/sessions';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { auditDataDir, sweepOrphansNow } from '../test-support/files';
import { register } from '../test-support/flows';
import { ORG_FIELDS, PERSON_FIELDS } from '../test-support/kyc';
import { reviewKyc } from '../test-support/staff';
import { imageParts, multipartBody, preserve } from '../test-support/uploads';

/**
 * Property-based fuzzing of every operation of the OpenAPI document: random and hostile values per
 * schema type, in every body encoding the service accepts, signed in, anonymous and (the staff calls) as
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

describe('fuzzing every operation of the OpenAPI document', () => {
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

/**
 * Hostile multipart bodies and damaged files on every upload route: a body whose boundary is missing, empty,
 * mismatched or too long, that ends early (in a part's headers, in a file, before the final boundary), or that
 * carries garbage; and PNG, JPEG and PDF files that are corrupt, cut in half or empty. Each answers a 4xx
 * envelope with a message (a broken body: the "upload incomplete" message), never a 5xx, and a refusal leaves
 * no temporary file, no object the orphan sweep would not collect, and no row. Images are judged by their
 * magic bytes (the documented design, docs/decisions/security.md): a damaged file of an accepted type is accepted.
 */
describe('hostile multipart bodies and damaged files on every upload route', () => {
  type Kind = 'png' | 'jpeg' | 'gif' | 'pdf';
  interface UploadRoute {
    url: string;
    /** The valid form: text fields first, then the files by field. */
    fields: Record<string, string>;
    fileFields: string[];
    /** Raw body accepted (Content-Type application/octet-stream, the fields in the query). */
    raw: 'also' | 'only' | 'never';
    /** The content types accepted, null: any file. */
    accepts: Kind[] | null;
    /** Puts the account in the state in which the route reads the body (it may have accepted the last one). */
    prepare: () => Promise<void>;
    token: string;
  }

  const translator = createTranslator();
  const BROKEN = new Set([translator.t('server:uploadBroken'), translator.t('preservation:uploadBroken')]);
  let t: TestApp;
  const routes: UploadRoute[] = [];

  /** The fields of the capture app's upload and the verification forms. */
  const MOBILE_FIELDS = {
    title: 'title',
    label: 'label',
    appAddress: 'address',
    appType: 'video',
    duration: '5',
    configName: 'phone',
    configModelName: 'model',
    configVersion: '1',
    configProcessor: 'cpu',
    configCore: 'core',
  };

  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  /** A well-formed 16x16 PNG (signature, IHDR, IDAT, IEND with their CRCs). */
  const realPng = (() => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(16, 0);
    ihdr.writeUInt32BE(16, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const rows = Buffer.concat(
      Array.from({ length: 16 }, (_, y) => Buffer.from([0, ...Array.from({ length: 48 }, (_, x) => (x * 5 + y * 11) & 0xff)])),
    );
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  })();
  /** A JPEG's segments in order (SOI, APP0 JFIF, DQT, SOF0, SOS, entropy-coded bytes, EOI). */
  const realJpeg = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]),
    Buffer.alloc(64, 1),
    Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00]),
    Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    Buffer.alloc(200, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
  const realPdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\nxref\n0 4\n0000000000 65535 f \n' +
      '0000000009 00000 n \n0000000052 00000 n \n0000000101 00000 n \ntrailer<</Size 4/Root 1 0 R>>\nstartxref\n163\n%%EOF\n',
    'latin1',
  );
  const garbage = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 131 + 7) & 0xff));
  const half = (file: Buffer) => file.subarray(0, Math.floor(file.length / 2));
  /** Damaged files: the right magic bytes then garbage, a file cut in half, and nothing at all. */
  const damaged: { name: string; kind: Kind | null; content: Buffer }[] = [
    { name: 'png: magic bytes then garbage', kind: 'png', content: Buffer.concat([realPng.subarray(0, 8), garbage(600)]) },
    { name: 'png: cut in half', kind: 'png', content: half(realPng) },
    { name: 'png: the signature cut short', kind: null, content: realPng.subarray(0, 5) },
    { name: 'jpeg: magic bytes then garbage', kind: 'jpeg', content: Buffer.concat([realJpeg.subarray(0, 3), garbage(600)]) },
    { name: 'jpeg: cut in half', kind: 'jpeg', content: half(realJpeg) },
    { name: 'pdf: magic bytes then garbage', kind: 'pdf', content: Buffer.concat([realPdf.subarray(0, 8), garbage(600)]) },
    { name: 'pdf: cut in half', kind: 'pdf', content: half(realPdf) },
    { name: 'zero bytes', kind: null, content: Buffer.alloc(0) },
  ];

  /** The route's form with every file part holding `content`, and where its pieces are in the body. */
  function form(route: UploadRoute, content: Buffer, boundary = 'hostileBoundary7') {
    const pieces: Buffer[] = [];
    const at = { firstFileHeader: 0, lastFileStart: 0, lastFileEnd: 0, closing: 0 };
    let length = 0;
    const add = (piece: Buffer) => {
      pieces.push(piece);
      length += piece.length;
    };
    for (const [name, value] of Object.entries(route.fields)) {
      add(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    route.fileFields.forEach((field, i) => {
      if (i === 0) at.firstFileHeader = length;
      add(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
      );
      at.lastFileStart = length;
      add(content);
      at.lastFileEnd = length;
      add(Buffer.from('\r\n'));
    });
    at.closing = length;
    add(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(pieces), at, boundary };
  }

  /** The multipart bodies every upload route is sent: content type and payload. */
  function hostileBodies(route: UploadRoute): { name: string; contentType: string; payload: Buffer; broken: boolean }[] {
    const { payload, at, boundary } = form(route, realPng);
    const type = (b = boundary) => `multipart/form-data; boundary=${b}`;
    return [
      { name: 'no boundary', contentType: 'multipart/form-data', payload, broken: true },
      { name: 'empty boundary', contentType: 'multipart/form-data; boundary=', payload, broken: true },
      { name: 'empty quoted boundary', contentType: 'multipart/form-data; boundary=""', payload, broken: true },
      { name: 'mismatched boundary', contentType: type('anotherBoundary'), payload, broken: true },
      { name: 'boundary longer than the parser takes', contentType: type('b'.repeat(300)), payload, broken: true },
      { name: 'ends in the headers of the first part', contentType: type(), payload: payload.subarray(0, 30), broken: true },
      {
        name: 'ends in the headers of the file part',
        contentType: type(),
        payload: payload.subarray(0, at.firstFileHeader + 40),
        broken: true,
      },
      {
        name: 'ends in the middle of the (last) file',
        contentType: type(),
        payload: payload.subarray(0, Math.floor((at.lastFileStart + at.lastFileEnd) / 2)),
        broken: true,
      },
      { name: 'no final boundary', contentType: type(), payload: payload.subarray(0, at.closing), broken: true },
      { name: 'final boundary cut short', contentType: type(), payload: payload.subarray(0, at.closing + boundary.length), broken: true },
      { name: 'garbage with no boundary in it', contentType: type(), payload: garbage(2000), broken: true },
      { name: 'only the final boundary', contentType: type(), payload: Buffer.from(`--${boundary}--\r\n`), broken: false },
      { name: 'empty body', contentType: type(), payload: Buffer.alloc(0), broken: false },
    ];
  }

  const ROW_TABLES = ['evidence', 'captures', 'signatures', 'kyc_submissions', 'orders'] as const;
  async function snapshot() {
    const rows: Record<string, number> = {};
    for (const table of ROW_TABLES) {
      const row = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      rows[table] = Number(row.n);
    }
    const transfers = await t.db.selectFrom('notary_orders').select('id').where('transfer_file_key', 'is not', null).execute();
    rows.transfers = transfers.length;
    const points = await t.db.selectFrom('users').select(['id', 'points']).orderBy('id').execute();
    return { rows, points, objects: (await auditDataDir(t.db, t.dataDir)).objects };
  }

  /** Sends one request; a refusal must leave nothing (no temporary file, no object after the sweep, no row, no charge). */
  async function send(route: UploadRoute, label: string, request: { url?: string; contentType: string; payload: Buffer }) {
    await route.prepare();
    await sweepOrphansNow(t);
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'POST',
      url: request.url ?? route.url,
      headers: { 'content-type': request.contentType, authorization: `Bearer ${route.token}` },
      payload: request.payload,
    });
    expect.soft(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
    if (response.statusCode >= 500) return { status: response.statusCode, code: 500, msg: '' };
    expectEnvelope(response.statusCode, response.body, label);
    const envelope = response.json<{ code: number; msg: string }>();
    if (envelope.code !== 200) {
      expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(envelope.msg.length, label).toBeGreaterThan(0);
      expect((await auditDataDir(t.db, t.dataDir)).temps, `${label}: temporary files`).toEqual([]);
      await sweepOrphansNow(t);
      expect(await snapshot(), `${label}: something was stored`).toEqual(before);
    }
    return { status: response.statusCode, ...envelope };
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { LOG_LEVEL: 'warn' } });
    const session = await register(t, '13700137000');
    const userId = (await t.db.selectFrom('users').select('id').where('phone', '=', '13700137000').executeTakeFirstOrThrow()).id;
    const token = session.token;
    const user = () => t.db.updateTable('users').where('id', '=', userId);
    const nothing = async () => {};
    routes.push(
      {
        url: '/api/data/upload',
        fields: { label: 'label', title: 'title' },
        fileFields: ['file'],
        raw: 'also',
        accepts: null,
        prepare: nothing,
        token,
      },
      {
        url: '/api/capture/mobile/upload',
        fields: MOBILE_FIELDS,
        fileFields: ['file'],
        raw: 'also',
        accepts: null,
        prepare: async () => void (await user().set({ points: 1_000_000 }).execute()),
        token,
      },
      {
        url: '/api/signature/upload',
        fields: { name: 'seal', isDefault: '1' },
        fileFields: ['file'],
        raw: 'never',
        accepts: ['png'],
        prepare: nothing,
        token,
      },
      {
        url: '/api/user/companyAuthorize',
        fields: ORG_FIELDS,
        fileFields: [...ORG_IMAGE_FIELDS],
        raw: 'never',
        accepts: ['png', 'jpeg'],
        prepare: async () => void (await user().set({ user_status: 1, status: 1, auth_type: 0, repair_type: 0 }).execute()),
        token,
      },
      {
        url: '/api/peruser/perAuthorize',
        fields: PERSON_FIELDS,
        fileFields: [...PERSON_IMAGE_FIELDS],
        raw: 'never',
        accepts: ['png', 'jpeg', 'gif'],
        prepare: async () => void (await user().set({ user_status: 1, status: 1, auth_type: 0, repair_type: 0 }).execute()),
        token,
      },
      {
        url: '/api/Peruser/userRepair',
        fields: {},
        fileFields: [...REPAIR_IMAGE_FIELDS],
        raw: 'never',
        accepts: ['png', 'jpeg', 'gif'],
        prepare: async () => void (await user().set({ user_status: 3, auth_type: 3, repair_type: 1 }).execute()),
        token,
      },
    );

    // Bank transfer screenshots: an order of a verified account with a seal, brought to step 4.
    const notary = await register(t, '13700137001');
    const person = multipartBody(PERSON_FIELDS, imageParts({ authorFront: realPng, authorBack: realPng, authorHand: realPng }));
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/peruser/perAuthorize',
      headers: { 'content-type': person.contentType, authorization: `Bearer ${notary.token}` },
      payload: person.payload,
    });
    expect(verified.json<{ code: number }>().code, verified.body).toBe(200);
    await reviewKyc(t, '13700137001');
    const seal = multipartBody({ name: 'seal', isDefault: '1' }, { name: 'seal.png', content: realPng, type: 'image/png' });
    const sealed = await t.app.inject({
      method: 'POST',
      url: '/api/signature/upload',
      headers: { 'content-type': seal.contentType, authorization: `Bearer ${notary.token}` },
      payload: seal.payload,
    });
    expect(sealed.json<{ code: number }>().code, sealed.body).toBe(200);
    const record = await preserve(t, notary.token, { name: 'a.pdf', content: realPdf }, { label: 'label' });
    const created = await t.post<{ id: number }>('/api/notary/create', { type: '1', ids: String(record.id) }, notary.token);
    const orderId = created.body.data.id;
    const steps: [string, Record<string, string>][] = [
      ['/api/notary/applicationForm', { orderId: String(orderId), purpose: '1', purposeNote: '', copies: '1', delivery: '1' }],
      ['/api/notary/sign', { orderId: String(orderId) }],
      ['/api/notary/decode', { orderId: String(orderId), agree: '1' }],
    ];
    for (const [url, body] of steps) expect((await t.post(url, body, notary.token)).body.code, url).toBe(200);
    routes.push({
      url: `/api/notary/transfer?orderId=${orderId}&fileName=shot.png`,
      fields: {},
      fileFields: ['file'],
      raw: 'only',
      accepts: ['png', 'jpeg'],
      prepare: async () =>
        void (await t.db
          .updateTable('notary_orders')
          .set({ pay_method: null, transfer_file_key: null, transfer_at: null })
          .where('id', '=', orderId)
          .execute()),
      token: notary.token,
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('knows every upload route of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    const uploads = Object.entries(doc.paths)
      .filter(([, methods]) => Object.values(methods).some((op) => /multipart|octet-stream/.test(op.summary ?? '')))
      .map(([path]) => path)
      .sort();
    // The finance desk's invoice upload is a staff call: the staff pass above sends it every hostile encoding, and
    // the error handler answers a broken body there as everywhere; the probes here drive the users' uploads.
    const STAFF_UPLOADS = ['/api/staff/invoices/issueElectronic', '/api/staff/notary/certificate'];
    // A mobile recording's piece is a PUT of raw bytes to an open recording: mobile-recording.test.ts sends it
    // every refused piece (too large, wrong hash, out of order, another user's) and checks that nothing changed.
    const PIECE_UPLOADS = ['/api/capture/mobile/recordings/{id}/pieces/{seq}'];
    expect(uploads).toEqual([...routes.map((r) => r.url.split('?')[0]), ...STAFF_UPLOADS, ...PIECE_UPLOADS].sort());
  });

  it('answers every malformed multipart body with the envelope and a 4xx, storing nothing', { timeout: 120_000 }, async () => {
    for (const route of routes) {
      for (const body of hostileBodies(route)) {
        const label = `${route.url} [${body.name}]`;
        const reply = await send(route, label, body);
        expect.soft(reply.code, `${label}: ${reply.msg}`).toBe(400);
        if (body.broken && route.raw !== 'only') expect.soft(BROKEN, `${label}: ${reply.msg}`).toContain(reply.msg);
      }
    }
  });

  it(
    'judges damaged PNG, JPEG and PDF files by their magic bytes, never a 5xx, storing nothing when refused',
    { timeout: 120_000 },
    async () => {
      for (const route of routes) {
        for (const file of damaged) {
          // A route keeping any file keeps an empty one too (its hash is evidence as well); an image route refuses it.
          const accepted = route.accepts === null || (file.kind !== null && file.content.length > 0 && route.accepts.includes(file.kind));
          const sends: { how: string; url?: string; contentType: string; payload: Buffer }[] = [];
          if (route.raw !== 'only') {
            const { payload, boundary } = form(route, file.content);
            sends.push({ how: 'multipart', contentType: `multipart/form-data; boundary=${boundary}`, payload });
          }
          if (route.raw !== 'never') {
            const query = new URLSearchParams({ ...route.fields, fileName: 'f.bin' }).toString();
            const url = route.url.includes('?') ? route.url : `${route.url}?${query}`;
            sends.push({ how: 'raw', url, contentType: 'application/octet-stream', payload: file.content });
          }
          for (const request of sends) {
            const label = `${route.url} [${file.name}, ${request.how}]`;
            const reply = await send(route, label, request);
            expect.soft(reply.code, `${label}: ${reply.msg}`).toBe(accepted ? 200 : 400);
          }
        }
      }
    },
  );
});
