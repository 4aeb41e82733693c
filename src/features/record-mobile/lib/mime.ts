import type { MobileMediaKind } from '@contracts';

/** What a browser may record in, best first; the first one `MediaRecorder.isTypeSupported` accepts is used. */
const VIDEO_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg', 'audio/mp4'];

/** The container to record a kind in, or null when the browser records none of them. A photo is always JPEG. */
export function pickMime(kind: MobileMediaKind, isTypeSupported: (type: string) => boolean): string | null {
  if (kind === 'photo') return 'image/jpeg';
  return (kind === 'video' ? VIDEO_TYPES : AUDIO_TYPES).find((type) => isTypeSupported(type)) ?? null;
}
