import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FileStore, FileTooLargeError } from '../files/store';
import { createTranslator } from '../i18n';
import { multipartBody } from '../test-support/uploads';
import { ApiError, badRequest } from './errors';
import { checkFields, isBrokenUploadError, isOctetStream, readMultipartUpload, readRawUpload } from './upload';

const t = createTranslator();
const schema = z.object({ label: z.string().max(5, 'labelMax'), title: z.string().default('') });

/** A file stream of `size` bytes; `readableFlowing` tells whether anyone resumed (drained) it. */
function fileStream(size = 64 * 1024) {
  return Readable.from([Buffer.alloc(size, 1)]);
}

interface FakePart {
  fields: Record<string, { type: 'field'; value: string }>;
  file: Readable;
  filename: string;
  fieldname: string;
}

function fakeMultipart(part: FakePart | undefined) {
  const asked: { fileSize?: number | undefined }[] = [];
  const request = {
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    isMultipart: () => true,
    file: (options: { limits: { fileSize?: number } }) => {
      asked.push(options.limits);
      return Promise.resolve(part);
    },
  } as unknown as FastifyRequest;
  return { request, asked };
}

const field = (value: string) => ({ type: 'field' as const, value });
const noFile = () => badRequest('preservation:noFile');

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<ApiError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('upload reader (fake requests)', () => {
  it('answers the fields parsed and the untouched file stream; asks for one byte over the limit', async () => {
    const file = fileStream();
    const { request, asked } = fakeMultipart({
      fields: { label: field('a'), title: field('T') },
      file,
      filename: 'x.txt',
      fieldname: 'file',
    });
    const upload = await readMultipartUpload(request, t, { schema, maxBytes: 100, noFile });
    expect(upload.fields).toEqual({ label: 'a', title: 'T' });
    expect(upload.fileName).toBe('x.txt');
    expect(upload.file).toBe(file);
    expect(file.readableFlowing).toBeNull();
    expect(asked).toEqual([{ fileSize: 101, files: 1 }]);
  });

  it('refuses a NUL in a field or in the file name, and drains the file', async () => {
    for (const part of [
      { fields: { label: field('a\u0000') }, filename: 'x.txt' },
      { fields: { label: field('a') }, filename: 'x\u0000.txt' },
    ]) {
      const file = fileStream();
      const { request } = fakeMultipart({ ...part, file, fieldname: 'file' });
      const error = await refusal(readMultipartUpload(request, t, { schema, maxBytes: 100, noFile }));
      expect(error.messageKey).toBe('server:invalidCharacters');
      expect(file.readableFlowing).toBe(true);
    }
  });

  it('translates a zod issue into the 400 naming the field, and drains the file', async () => {
    const file = fileStream();
    const { request } = fakeMultipart({ fields: { label: field('too long') }, file, filename: 'x.txt', fieldname: 'file' });
    const error = await refusal(readMultipartUpload(request, t, { schema, maxBytes: 100, noFile }));
    expect(error.httpStatus).toBe(400);
    expect(error.text).toBe(t.validation('labelMax', 'label'));
    expect(error.text).toMatch(/[\u4e00-\u9fff]/);
    expect(file.readableFlowing).toBe(true);
  });

  it('refuses a file under another field name when the route names one, and drains it', async () => {
    const file = fileStream();
    const { request } = fakeMultipart({ fields: { label: field('a') }, file, filename: 'x.txt', fieldname: 'image' });
    const error = await refusal(readMultipartUpload(request, t, { schema, maxBytes: 100, noFile, fileField: 'file' }));
    expect(error.messageKey).toBe('preservation:noFile');
    expect(file.readableFlowing).toBe(true);
  });

  it('reads the schema input the route builds from the fields and the file name', async () => {
    const { request } = fakeMultipart({
      fields: { label: field('a'), other: field('\u0000') },
      file: fileStream(),
      filename: 'n.png',
      fieldname: 'file',
    });
    const upload = await readMultipartUpload(request, t, {
      schema: z.object({ label: z.string(), fileName: z.string() }),
      maxBytes: 100,
      input: (text, fileName) => ({ label: text.label, fileName }),
      noFile,
    });
    expect(upload.fields).toEqual({ label: 'a', fileName: 'n.png' });
  });

  it('answers noFile without a multipart body or without a file part', async () => {
    const plain = { headers: {}, isMultipart: () => false } as unknown as FastifyRequest;
    expect((await refusal(readMultipartUpload(plain, t, { schema, maxBytes: 1, noFile }))).messageKey).toBe('preservation:noFile');
    const { request } = fakeMultipart(undefined);
    expect((await refusal(readMultipartUpload(request, t, { schema, maxBytes: 1, noFile }))).messageKey).toBe('preservation:noFile');
  });

  it('raw body: fields from the query; a refusal drains the body', async () => {
    const body = fileStream();
    const ok = readRawUpload({ body, query: { label: 'a' } } as unknown as FastifyRequest, t, schema);
    expect(ok.fields).toEqual({ label: 'a', title: '' });
    expect(ok.source).toBe(body);
    expect(body.readableFlowing).toBeNull();

    const refused = fileStream();
    const error = await refusal(() =>
      readRawUpload(
        { body: refused, query: {} } as unknown as FastifyRequest,
        t,
        z.object({ orderId: z.coerce.number().int() }),
        'orderId',
      ),
    );
    expect(error.httpStatus).toBe(400);
    expect(refused.readableFlowing).toBe(true);
  });

  it('checkFields and isOctetStream', () => {
    expect(() => checkFields(t, schema, { label: 'a\u0000' })).toThrow(ApiError);
    expect(checkFields(t, schema, { label: 'ok' })).toEqual({ label: 'ok', title: '' });
    const withType = (type: string | undefined) =>
      ({ headers: type === undefined ? {} : { 'content-type': type } }) as unknown as FastifyRequest;
    expect(isOctetStream(withType('Application/Octet-Stream; charset=binary'))).toBe(true);
    expect(isOctetStream(withType('multipart/form-data; boundary=x'))).toBe(false);
    expect(isOctetStream(withType(undefined))).toBe(false);
  });
});

describe('upload reader (real multipart requests)', () => {
  const MAX = 1000;
  const dir = mkdtempSync(join(tmpdir(), 'upload-reader-'));
  const store = new FileStore(join(dir, 'store'));
  const app = Fastify();

  beforeAll(async () => {
    await app.register(multipart, { limits: { files: 1, fileSize: 10 * MAX } });
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof ApiError)
        return reply.status(error.httpStatus).send({ code: error.code, msg: error.text ?? t.t(error.messageKey), data: null });
      if (error instanceof FileTooLargeError) return reply.status(400).send({ code: 400, msg: 'too large', data: null });
      return reply.status(500).send({ code: 500, msg: String(error), data: null });
    });
    app.post('/upload', async (request) => {
      const { fields, file } = await readMultipartUpload(request, t, {
        schema,
        maxBytes: MAX,
        noFile,
        broken: () => badRequest('preservation:uploadBroken'),
      });
      const stored = await store.put(file, { maxBytes: MAX });
      return { code: 200, msg: '', data: { label: fields.label, size: stored.size } };
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async () => {
    let n = 0;
    for await (const _object of store.objects()) n += 1;
    return n;
  };

  let fill = 0;
  const send = (fields: Record<string, string>, size: number) => {
    fill += 1; // Each file differs: the store keeps one object per content.
    const { payload, contentType } = multipartBody(fields, { name: 'a.bin', content: Buffer.alloc(size, fill) });
    return app.inject({ method: 'POST', url: '/upload', payload, headers: { 'content-type': contentType } });
  };

  it('stores a file of exactly the limit with the fields sent before it', async () => {
    const reply = await send({ label: 'ok' }, MAX);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ data: { label: 'ok', size: MAX } });
  });

  it('refuses a file one byte over the limit (the store sees the excess instead of a cut file)', async () => {
    const reply = await send({ label: 'ok' }, MAX + 1);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ msg: 'too large' });
  });

  it('checks the fields before a byte is stored: a refused field leaves the store as it was', async () => {
    const before = await count();
    const reply = await send({ label: 'too long' }, MAX);
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ msg: string }>().msg).toBe(t.validation('labelMax', 'label'));
    expect(await count()).toBe(before);
    expect((await send({ label: 'ok' }, MAX)).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a NUL in a field with the translated message, the request completing though the file was never read', async () => {
    const reply = await send({ label: 'a\u0000' }, 8 * MAX);
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ msg: string }>().msg).toBe(t.t('server:invalidCharacters'));
  });
});

describe('broken multipart bodies', () => {
  it("recognises the parser's errors of a body it cannot read, and nothing else", () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const error of [
      new Error('Multipart: Boundary not found'),
      new Error('Unexpected end of multipart data'),
      new Error('Part terminated early due to unexpected end of multipart data'),
      new Error('Preamble terminated early due to unexpected end of multipart data'),
      new Error('The needle cannot have a length bigger than 256.'),
      coded('FST_MP_PREMATURE_CLOSE'),
    ]) {
      expect(isBrokenUploadError(error), error.message).toBe(true);
    }
    for (const error of [new Error('boom'), coded('ENOSPC'), badRequest('server:uploadBroken'), 'Unexpected end of multipart data', null]) {
      expect(isBrokenUploadError(error), String(error)).toBe(false);
    }
  });

  it('answers a body the parser cannot read with the broken-upload refusal when the route names none', async () => {
    const app = Fastify();
    await app.register(multipart);
    app.setErrorHandler((error, _request, reply) =>
      error instanceof ApiError
        ? reply.status(error.httpStatus).send({ msg: t.t(error.messageKey) })
        : reply.status(500).send({ msg: String(error) }),
    );
    app.post('/upload', async (request) => {
      await readMultipartUpload(request, t, { schema, maxBytes: 10, noFile });
      return {};
    });
    const { payload, contentType } = multipartBody({ label: 'a' }, { name: 'a.bin', content: Buffer.alloc(4) });
    for (const type of ['multipart/form-data', `${contentType}x`, `multipart/form-data; boundary=${'b'.repeat(300)}`]) {
      const reply = await app.inject({ method: 'POST', url: '/upload', payload, headers: { 'content-type': type } });
      expect(reply.statusCode, type).toBe(400);
      expect(reply.json<{ msg: string }>().msg, type).toBe(t.t('server:uploadBroken'));
    }
    await app.close();
  });
});
