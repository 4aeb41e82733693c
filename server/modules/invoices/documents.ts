import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { INVOICE_FILE_MAX_BYTES, invoiceDeskIssueElectronicFields, type InvoiceDeskIssueElectronicFields } from '../../../contracts/index';
import type { DB, MailAttachmentRef } from '../../db/schema';
import type { FileStore } from '../../files/store';
import { ApiError, badRequest } from '../../http/errors';
import { containsNul, invalidCharacters } from '../../http/hostile-input';
import { checkFields } from '../../http/upload';
import type { Translator } from '../../i18n';

/** The files of an invoice: what it is, by its content. */
export type InvoiceFileKind = 'pdf' | 'ofd' | 'xml';

export interface InvoiceDocument {
  kind: InvoiceFileKind;
  bytes: Buffer;
}

export const INVOICE_FILE_TYPES: Record<InvoiceFileKind, string> = {
  pdf: 'application/pdf',
  ofd: 'application/ofd',
  xml: 'application/xml',
};

/**
 * The names of a zip's members, from its central directory (end record searched from the end, as the format
 * allows a comment after it); null when the bytes are no readable zip.
 */
export function zipEntryNames(bytes: Buffer): string[] | null {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== 0x04034b50) return null;
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  for (let end = bytes.length - 22; end >= floor; end--) {
    if (bytes.readUInt32LE(end) !== 0x06054b50) continue;
    const count = bytes.readUInt16LE(end + 10);
    let at = bytes.readUInt32LE(end + 16);
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
      const nameLength = bytes.readUInt16LE(at + 28);
      const extra = bytes.readUInt16LE(at + 30);
      const comment = bytes.readUInt16LE(at + 32);
      if (at + 46 + nameLength > bytes.length) return null;
      names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extra + comment;
    }
    return names;
  }
  return null;
}

/**
 * What an invoice file is by its bytes, never by its name: a PDF (`%PDF-`), an OFD (GB/T 33190: a zip whose
 * entry file `OFD.xml` is at its root), or XML (UTF-8 text opening with `<`, the data file of a fully digital
 * invoice); null for anything else.
 */
export function invoiceFileKind(bytes: Buffer): InvoiceFileKind | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const names = zipEntryNames(bytes);
  if (names) return names.includes('OFD.xml') ? 'ofd' : null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return /^\uFEFF?\s*<[?A-Za-z]/.test(text) && !text.includes('\0') ? 'xml' : null;
}

export interface ElectronicIssue {
  fields: InvoiceDeskIssueElectronicFields;
  documents: InvoiceDocument[];
}

async function readPart(file: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.file) chunks.push(chunk as Buffer);
  if (file.file.truncated) throw badRequest('invoice:fileTooLarge', { mb: INVOICE_FILE_MAX_BYTES / 1024 / 1024 });
  return Buffer.concat(chunks);
}

/**
 * The multipart body of an electronic issue, read whole (two files of at most 10 MB) before anything is checked or
 * stored: the fields, then `invoice` (PDF or OFD by content) and `xml` (XML, only with a fully digital number).
 * Any refusal leaves nothing behind.
 */
export async function readElectronicIssue(request: FastifyRequest, translator: Translator): Promise<ElectronicIssue> {
  if (!request.isMultipart()) throw badRequest('invoice:fileRequired');
  const text: Record<string, string> = {};
  const files: Partial<Record<'invoice' | 'xml', Buffer>> = {};
  try {
    for await (const part of request.parts({ limits: { files: 2, fileSize: INVOICE_FILE_MAX_BYTES, fields: 10 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') text[part.fieldname] = part.value;
        continue;
      }
      if (containsNul(part.filename)) {
        part.file.resume();
        throw invalidCharacters();
      }
      if ((part.fieldname !== 'invoice' && part.fieldname !== 'xml') || files[part.fieldname]) {
        part.file.resume();
        throw badRequest('invoice:fileUnexpected');
      }
      files[part.fieldname] = await readPart(part);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The multipart parser's own refusals: a file past the limit, too many files or fields, a broken body.
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest('invoice:fileTooLarge', { mb: INVOICE_FILE_MAX_BYTES / 1024 / 1024 });
    throw badRequest('invoice:fileUnexpected');
  }
  const fields = checkFields(translator, invoiceDeskIssueElectronicFields, text);
  const invoice = files.invoice;
  if (!invoice || invoice.length === 0) throw badRequest('invoice:fileRequired');
  const kind = invoiceFileKind(invoice);
  if (kind !== 'pdf' && kind !== 'ofd') throw badRequest('invoice:fileType');
  const documents: InvoiceDocument[] = [{ kind, bytes: invoice }];
  if (files.xml) {
    if (fields.invoiceNumber.length !== 20) throw badRequest('invoice:xmlOnlyFullyDigital');
    if (invoiceFileKind(files.xml) !== 'xml') throw badRequest('invoice:xmlType');
    documents.push({ kind: 'xml', bytes: files.xml });
  }
  return { fields, documents };
}

/** The name a file of the invoice goes by (download, attachment): 发票 + number + extension, from the locale. */
export const invoiceFileName = (t: Translator['t'], invoiceNumber: string, kind: InvoiceFileKind) =>
  t('invoice:fileName', { number: invoiceNumber, ext: kind });

/** Stores the documents (content-addressed: an equal file is kept once). */
export async function storeDocuments(store: FileStore, documents: InvoiceDocument[]) {
  return Promise.all(
    documents.map(async (d) => ({ kind: d.kind, stored: await store.put(Readable.from([d.bytes]), { maxBytes: INVOICE_FILE_MAX_BYTES }) })),
  );
}

/** The attachments of an application's mail: its files, named for the person. */
export async function attachmentsOf(
  db: Kysely<DB>,
  t: Translator['t'],
  applicationId: number,
  invoiceNumber: string,
): Promise<MailAttachmentRef[]> {
  const rows = await db.selectFrom('invoice_files').selectAll().where('application_id', '=', applicationId).orderBy('id').execute();
  return rows.map((r) => ({
    name: invoiceFileName(t, invoiceNumber, r.kind),
    type: INVOICE_FILE_TYPES[r.kind],
    key: r.file_key,
    size: r.size,
  }));
}
