import type { MobileMediaKind } from '@contracts';
import { RecorderError } from './media-errors';
import { pickMime } from './mime';

/** A second of recording per piece: a lost connection costs at most the pieces not yet sent. */
export const PIECE_MS = 1000;

export type OpenedMedia = { stream: MediaStream; mime: string };

/**
 * Asks for the camera and/or microphone (only ever on the person's press of Start) and picks the container.
 * Throws RecorderError('unsupported') where the browser cannot record; getUserMedia's own errors pass through.
 */
export async function openMedia(kind: MobileMediaKind): Promise<OpenedMedia> {
  const devices = globalThis.navigator?.mediaDevices;
  if (!devices?.getUserMedia) throw new RecorderError('unsupported');
  let mime: string | null = 'image/jpeg';
  if (kind !== 'photo') {
    if (typeof MediaRecorder === 'undefined') throw new RecorderError('unsupported');
    mime = pickMime(kind, (type) => MediaRecorder.isTypeSupported(type));
    if (!mime) throw new RecorderError('unsupported');
  }
  const stream = await devices.getUserMedia({
    video: kind === 'audio' ? false : { facingMode: { ideal: 'environment' } },
    audio: kind !== 'photo',
  });
  return { stream, mime };
}

export const releaseMedia = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/** Records the stream in one-second pieces; `stop` resolves after the last piece was handed over. */
export function startRecorder(stream: MediaStream, mime: string, onPiece: (piece: Blob) => void): { stop: () => Promise<void> } {
  const recorder = new MediaRecorder(stream, { mimeType: mime });
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) onPiece(event.data);
  };
  recorder.start(PIECE_MS);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (recorder.state === 'inactive') return resolve();
        recorder.addEventListener('stop', () => resolve(), { once: true });
        recorder.stop();
      }),
  };
}

/** The camera's current frame as a JPEG. */
export async function grabFrame(stream: MediaStream): Promise<Blob> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play();
  if (video.videoWidth === 0) await new Promise((resolve) => video.addEventListener('resize', resolve, { once: true }));
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  video.pause();
  video.srcObject = null;
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new RecorderError('failed'))), 'image/jpeg', 0.92),
  );
}
