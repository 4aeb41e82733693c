import { randomBytes } from 'node:crypto';
import type { Envelope, Evidence } from '../../contracts/index';
import type { TestApp } from './create-test-app';

export interface MultipartFile {
  name: string;
  content: Buffer;
  type?: string;
  /** The form field; `file` unless told. */
  field?: string;
}

/** A multipart/form-data body as a browser sends it: text fields first, then the files. */
export function multipartBody(
  fields: Record<string, string>,
  files?: MultipartFile | readonly MultipartFile[],
): { payload: Buffer; contentType: string } {
  const boundary = `----evidence${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  const list: readonly MultipartFile[] = files === undefined ? [] : 'content' in files ? [files] : files;
  for (const file of list) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      file.content,
      Buffer.from('\r\n', 'utf8'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Images keyed by form field, as the verification forms send them: each one `<field>.png` (or the name
 * given) with type image/png whatever its bytes, since the server judges an image by its magic bytes.
 */
export function imageParts(images: Record<string, Buffer | { name: string; content: Buffer }>): MultipartFile[] {
  return Object.entries(images).map(([field, image]) => ({
    field,
    type: 'image/png',
    ...(Buffer.isBuffer(image) ? { name: `${field}.png`, content: image } : image),
  }));
}

export async function upload(
  t: TestApp,
  token: string,
  file: MultipartFile,
  fields: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<Evidence> }> {
  const { payload, contentType } = multipartBody(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/data/upload',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: response.statusCode, body: response.json<Envelope<Evidence>>() };
}

/** Uploads and insists on success. */
export async function preserve(t: TestApp, token: string, file: MultipartFile, fields: Record<string, string> = {}): Promise<Evidence> {
  const reply = await upload(t, token, file, fields);
  if (reply.body.code !== 200) throw new Error(`upload refused: ${reply.body.msg}`);
  return reply.body.data;
}

export async function get<T = unknown>(t: TestApp, url: string, token?: string): Promise<{ status: number; body: Envelope<T> }> {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

/**
 * PNG-shaped bytes around `data`: the signature, a 16x16 IHDR and an IDAT chunk holding `data` (CRCs left zero),
 * as much of a PNG as file-type reads to call it one.
 */
export function pngWith(data: Buffer): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 16, 0, 0, 0, 16, 8, 2, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', data)]);
}

export const PNG_BYTES = pngWith(randomBytes(200));
export const PDF_BYTES = Buffer.from('%PDF-1.4\n% a tiny document\n', 'latin1');
