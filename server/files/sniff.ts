import { fileTypeFromBuffer } from 'file-type';
import type { FileKind } from '../../contracts/index';

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

/** How many leading bytes sniffType reads: file-type's `reasonableDetectionSizeInBytes` (an Office zip's first member fits). */
export const SNIFF_BYTES = 4100;

/** file-type's extensions in our vocabulary (what the allowed-type lists and the stored records name). */
const FROM_FILE_TYPE: Record<string, SniffedType> = {
  png: 'png',
  apng: 'png',
  jpg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  bmp: 'bmp',
  tif: 'tiff',
  heic: 'heic',
  avif: 'heic',
  pdf: 'pdf',
  zip: 'zip',
  docx: 'ooxml',
  xlsx: 'ooxml',
  pptx: 'ooxml',
  odt: 'odf',
  ods: 'odf',
  odp: 'odf',
  cfb: 'ole',
  doc: 'ole',
  xls: 'ole',
  ppt: 'ole',
  msi: 'ole',
  rtf: 'rtf',
  mp4: 'mp4',
  m4v: 'mp4',
  '3gp': 'mp4',
  '3g2': 'mp4',
  mov: 'mov',
  webm: 'webm',
  mkv: 'webm',
  avi: 'avi',
  flv: 'flv',
  mp3: 'mp3',
  m4a: 'm4a',
  m4b: 'm4a',
  wav: 'wav',
  ogg: 'ogg',
  oga: 'ogg',
  ogv: 'ogg',
  ogx: 'ogg',
  opus: 'ogg',
  spx: 'ogg',
  flac: 'flac',
  amr: 'amr',
  aac: 'aac',
  gz: 'gzip',
  '7z': '7z',
  rar: 'rar',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Printable text (UTF-8 or another ASCII superset): no control bytes but tab, newlines, form feed and escape. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b) || b === 0x7f) return false;
  return true;
}

/**
 * The type of content by its first SNIFF_BYTES bytes, judged by file-type; a type it knows but we do not list
 * is unknown (null), and what it does not recognise is `text` when it is printable (file-type has no text).
 */
export async function sniffType(head: Buffer): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES));
  if (found) return FROM_FILE_TYPE[found.ext] ?? null;
  // file-type wants a PNG's IHDR chunk; a damaged PNG is still judged by its signature (docs/decisions/security.md).
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  return looksLikeText(head.subarray(0, SNIFF_BYTES)) ? 'text' : null;
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

/** Sound-only recordings in a container that also holds video (the phone's recorder names them so). */
const SOUND_IN_CONTAINER: Record<string, { container: SniffedType; mime: string }> = {
  weba: { container: 'webm', mime: 'audio/webm' },
  m4a: { container: 'mp4', mime: 'audio/mp4' },
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
  if (refinable && refined) return { kind: described.kind, mime: refined };
  // A WebM or MP4 container holding sound only looks like a video's: its name (.weba, .m4a) says it is sound.
  const sound = SOUND_IN_CONTAINER[ext];
  return sound && sound.container === type ? { kind: 'audio', mime: sound.mime } : described;
}
