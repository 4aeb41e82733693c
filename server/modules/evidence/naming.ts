import { randomInt } from 'node:crypto';
import type { FileKind } from '../../../contracts/index';
import type { EvidenceForensics } from '../../db/schema';
import { formatChinaTime } from '../../lib/time';
import type { EvidenceRow, OwnerRow } from './repository';

/** How a record is named and described: download names, kinds, numbers, titles, masked and shown owner names, sizes. */

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-msvideo': 'avi',
  'video/x-flv': 'flv',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/amr': 'amr',
  'audio/aac': 'aac',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/x-7z-compressed': '7z',
  'application/vnd.rar': 'rar',
  'application/rtf': 'rtf',
  'text/plain; charset=utf-8': 'txt',
};

/** The name a download is saved under: the title, with the type's extension when the title has none. */
export function downloadName(row: Pick<EvidenceRow, 'title' | 'mime'>): string {
  const ext = EXTENSIONS[row.mime];
  return ext && !/\.[A-Za-z0-9]{1,8}$/.test(row.title) ? `${row.title}.${ext}` : row.title;
}

export function kindOfMime(mime: string): FileKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (
    mime === 'application/octet-stream' ||
    mime === 'application/zip' ||
    mime.startsWith('application/x-7z') ||
    mime === 'application/vnd.rar' ||
    mime === 'application/gzip'
  )
    return 'other';
  return 'document';
}

/** `BQ` + China date + 12 random digits (not guessable: 10^12 per day). */
export function newBaoquan(now: Date): string {
  const day = formatChinaTime(now, 'YYYYMMDD');
  const digits = `${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  return `BQ${day}${digits}`;
}

/** A file name as a title: the last path segment, without control characters, at most 200 characters. */
export function titleFromFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  return (
    base
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 200)
  );
}

/** What others see of an owner's name: a phone as 138****8000, a name as its first character and two stars. */
export function maskName(name: string): string {
  if (/^1\d{10}$/.test(name)) return `${name.slice(0, 3)}****${name.slice(7)}`;
  const chars = [...name];
  return chars.length === 0 ? '' : `${chars[0]}**`;
}

/** The account name of the page header (spec section 2): company or contact name once verified, else the phone. */
export function ownerName(owner: OwnerRow): string {
  if (owner.user_status === 3) {
    const name = owner.status === 2 ? owner.company : owner.contact_name;
    if (name.trim() !== '') return name;
  }
  return owner.phone;
}

/**
 * The forensics the app reported, as the top-level fields of an owner's record (spec section 3); nulls for
 * records not from the app. `duration` is left to the caller: both records have it already.
 */
export function appForensicsFields(f: EvidenceForensics | null) {
  return {
    appAddress: f?.appAddress ?? null,
    appType: f?.appType ?? null,
    configName: f?.configName ?? null,
    configModelName: f?.configModelName ?? null,
    configVersion: f?.configVersion ?? null,
    configProcessor: f?.configProcessor ?? null,
    configCore: f?.configCore ?? null,
  };
}

/** A size as the certificate shows it: whole GB, MB with one decimal, else bytes. */
export function sizeText(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1 && Number.isInteger(gb)) return `${gb}GB`;
  const mb = bytes / 1024 ** 2;
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB`;
  return `${bytes}B`;
}
