import { createHash } from 'node:crypto';
import type { MobileDeviceFacts, MobileGap, MobileMediaKind } from '../../../contracts/index';
import type { EvidenceForensics } from '../../db/schema';
import type { SniffedType } from '../../files/sniff';
import type { Translator } from '../../i18n';
import { formatChinaTime } from '../../lib/time';

/** The chain before the first piece: 32 zero bytes. */
export const CHAIN_START = '0'.repeat(64);

/** The next chain head: SHA-256(previous head's 32 bytes ‖ seq as 4 bytes big-endian ‖ the piece's 32-byte hash). */
export function chainNext(previousHead: string, seq: number, pieceHash: string): string {
  const index = Buffer.alloc(4);
  index.writeUInt32BE(seq);
  return createHash('sha256').update(Buffer.from(previousHead, 'hex')).update(index).update(Buffer.from(pieceHash, 'hex')).digest('hex');
}

/** Below this no silence is a gap, however regular the pieces were. */
export const GAP_FLOOR_SECONDS = 5;
/** A silence longer than this many typical intervals is a gap. */
export const GAP_FACTOR = 3;

/**
 * The gap a piece arriving at `now` states, if any. The typical interval is the average between the start and
 * the previous arrival (the start counts as an arrival); before any piece it is the floor. A gap is longer than
 * max(floor, factor × typical): pieces the phone queued offline all arrive at once after it reconnects, so the
 * silence before them is the gap, from the previous arrival to this one.
 */
export function gapBefore(startedAt: Date, lastArrival: Date | null, pieces: number, now: Date): MobileGap | null {
  const previous = lastArrival ?? startedAt;
  const typical = pieces > 0 ? (previous.getTime() - startedAt.getTime()) / pieces / 1000 : GAP_FLOOR_SECONDS;
  const threshold = Math.max(GAP_FLOOR_SECONDS, GAP_FACTOR * typical);
  const seconds = (now.getTime() - previous.getTime()) / 1000;
  if (seconds <= threshold) return null;
  return { from: formatChinaTime(previous), to: formatChinaTime(now), seconds: Math.round(seconds) };
}

/** Which types the assembled bytes may be for each declared container (judged by their first bytes). */
const SNIFFED_FOR_MIME: Record<string, readonly SniffedType[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'video/webm': ['webm'],
  'video/mp4': ['mp4', 'mov', 'm4a'],
  'audio/webm': ['webm'],
  'audio/ogg': ['ogg'],
  'audio/mp4': ['m4a', 'mp4'],
};

export const bytesMatchMime = (mime: string, sniffed: SniffedType | null): boolean =>
  sniffed !== null && (SNIFFED_FOR_MIME[mime]?.includes(sniffed) ?? false);

/** A photo is declared as an image, a video as a video container, audio as an audio one. */
export const mimeFitsKind = (kind: MobileMediaKind, mime: string): boolean => mime.startsWith(kind === 'photo' ? 'image/' : `${kind}/`);

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'audio/webm': 'weba',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
};
export const fileNameFor = (mime: string) => `recording.${EXTENSION[mime] ?? 'bin'}`;

/**
 * The record's forensics, in the fields the app uploads use. Only what the browser really knows: the place
 * when the person allowed it, the browser, the model and the system when Client Hints offer them. A browser
 * cannot read the processor or the kernel, so those are empty, which every view shows as "not available".
 */
export function forensicsOf(t: Translator, kind: MobileMediaKind, device: MobileDeviceFacts, duration: number): EvidenceForensics {
  const place = device.location;
  return {
    appAddress: place ? `${place.latitude}, ${place.longitude} (±${Math.round(place.accuracy)} m)` : '',
    appType: t.t(`capture:mobileKind_${kind}`),
    duration,
    configName: `${device.browser} ${device.browserVersion}`.trim(),
    configModelName: device.model,
    configVersion: `${device.platform} ${device.platformVersion}`.trim(),
    configProcessor: '',
    configCore: '',
  };
}
