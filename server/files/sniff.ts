import type { FileKind } from '../../src/shared/api/contracts/index';

/** Types recognised by their first bytes (magic numbers); the name and the declared type are never trusted. */
export type SniffedType =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'tiff'
  | 'heic'
  | 'pdf'
  | 'zip'
  | 'ooxml'
  | 'odf'
  | 'ole'
  | 'rtf'
  | 'mp4'
  | 'mov'
  | 'webm'
  | 'avi'
  | 'flv'
  | 'mp3'
  | 'm4a'
  | 'wav'
  | 'ogg'
  | 'flac'
  | 'amr'
  | 'aac'
  | 'gzip'
  | '7z'
  | 'rar'
  | 'text';

/** How many leading bytes sniffType needs to decide (an OOXML zip names its first member within these). */
export const SNIFF_BYTES = 64;

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (head: Buffer, text: string, offset = 0) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;

/** ISO base media (ftyp box): the major brand tells image, audio, QuickTime and MP4 apart. */
function isoBrand(head: Buffer): SniffedType {
  const brand = head.toString('latin1', 8, 12);
  if (['heic', 'heix', 'heim', 'heis', 'hevc', 'mif1', 'msf1', 'avif'].includes(brand)) return 'heic';
  if (brand === 'qt  ') return 'mov';
  if (brand === 'M4A ' || brand === 'M4B ' || brand === 'F4A ') return 'm4a';
  return 'mp4';
}

/** Printable text (UTF-8 or another ASCII superset): no control bytes but tab, newlines, form feed and escape. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b) || b === 0x7f) return false;
  return true;
}

export function sniffType(head: Buffer): SniffedType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 'GIF8')) return 'gif';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'webp';
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return 'wav';
  if (ascii(head, 'RIFF') && ascii(head, 'AVI ', 8)) return 'avi';
  if (ascii(head, 'BM') && head.length >= 14 && head.readUInt32LE(6) === 0) return 'bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(head, '%PDF-')) return 'pdf';
  if (ascii(head, 'ftyp', 4)) return isoBrand(head);
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (ascii(head, 'FLV')) return 'flv';
  if (ascii(head, 'ID3') || startsWith(head, [0xff, 0xfb]) || startsWith(head, [0xff, 0xf3]) || startsWith(head, [0xff, 0xf2]))
    return 'mp3';
  if (startsWith(head, [0xff, 0xf1]) || startsWith(head, [0xff, 0xf9])) return 'aac';
  if (ascii(head, 'OggS')) return 'ogg';
  if (ascii(head, 'fLaC')) return 'flac';
  if (ascii(head, '#!AMR')) return 'amr';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    // The first member's name starts at offset 30 of the local file header.
    if (ascii(head, '[Content_Types].xml', 30) || ascii(head, '_rels/', 30) || ascii(head, 'docProps/', 30)) return 'ooxml';
    if (ascii(head, 'mimetypeapplication/vnd.oasis.opendocument', 30)) return 'odf';
    return 'zip';
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (ascii(head, '{\\rtf')) return 'rtf';
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (ascii(head, 'Rar!')) return 'rar';
  if (looksLikeText(head)) return 'text';
  return null;
}

const TYPES: Record<SniffedType, { kind: FileKind; mime: string }> = {
  png: { kind: 'image', mime: 'image/png' },
  jpeg: { kind: 'image', mime: 'image/jpeg' },
  gif: { kind: 'image', mime: 'image/gif' },
  webp: { kind: 'image', mime: 'image/webp' },
  bmp: { kind: 'image', mime: 'image/bmp' },
  tiff: { kind: 'image', mime: 'image/tiff' },
  heic: { kind: 'image', mime: 'image/heic' },
  pdf: { kind: 'document', mime: 'application/pdf' },
  zip: { kind: 'other', mime: 'application/zip' },
  ooxml: { kind: 'document', mime: 'application/zip' },
  odf: { kind: 'document', mime: 'application/zip' },
  ole: { kind: 'document', mime: 'application/x-ole-storage' },
  rtf: { kind: 'document', mime: 'application/rtf' },
  mp4: { kind: 'video', mime: 'video/mp4' },
  mov: { kind: 'video', mime: 'video/quicktime' },
  webm: { kind: 'video', mime: 'video/webm' },
  avi: { kind: 'video', mime: 'video/x-msvideo' },
  flv: { kind: 'video', mime: 'video/x-flv' },
  mp3: { kind: 'audio', mime: 'audio/mpeg' },
  m4a: { kind: 'audio', mime: 'audio/mp4' },
  wav: { kind: 'audio', mime: 'audio/wav' },
  ogg: { kind: 'audio', mime: 'audio/ogg' },
  flac: { kind: 'audio', mime: 'audio/flac' },
  amr: { kind: 'audio', mime: 'audio/amr' },
  aac: { kind: 'audio', mime: 'audio/aac' },
  gzip: { kind: 'other', mime: 'application/gzip' },
  '7z': { kind: 'other', mime: 'application/x-7z-compressed' },
  rar: { kind: 'other', mime: 'application/vnd.rar' },
  text: { kind: 'document', mime: 'text/plain; charset=utf-8' },
};

/** Containers whose exact format only the name tells (the bytes say "an Office/ODF zip" or "an OLE file"). */
const BY_EXTENSION: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  html: 'text/plain; charset=utf-8',
};

/**
 * The kind (list filter, certificate) and the MIME type (downloads) of sniffed content. The name only refines
 * a container the bytes have already identified (which Office format a zip is); it never decides the kind.
 * Unknown bytes are `other`, `application/octet-stream`.
 */
export function describeType(type: SniffedType | null, name = ''): { kind: FileKind; mime: string } {
  if (!type) return { kind: 'other', mime: 'application/octet-stream' };
  const described = TYPES[type];
  const ext = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const refined = BY_EXTENSION[ext];
  const refinable = type === 'ooxml' || type === 'odf' || type === 'ole' || type === 'text';
  return refinable && refined ? { kind: described.kind, mime: refined } : described;
}
