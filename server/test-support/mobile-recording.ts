import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Envelope, MobilePieceResponse, MobileRecordingStartRequest, MobileRecordingStatus } from '../../contracts/index';

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The head of a WebM file (EBML header, DocType `webm`): enough for the type check of the assembled bytes. */
export const WEBM_HEAD = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82,
  0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
]);

/** Three pieces of a WebM recording: the first carries the header. */
export const webmPieces = (): Buffer[] => [Buffer.concat([WEBM_HEAD, randomBytes(5000)]), randomBytes(3000), randomBytes(2000)];

/** The chain head after `pieces`, computed as the phone does. */
export function chainOf(pieces: readonly Buffer[]): string {
  let head = Buffer.alloc(32);
  pieces.forEach((piece, seq) => {
    const index = Buffer.alloc(4);
    index.writeUInt32BE(seq);
    head = createHash('sha256').update(head).update(index).update(createHash('sha256').update(piece).digest()).digest();
  });
  return head.toString('hex');
}

export const DEVICE = {
  location: { latitude: 31.2304, longitude: 121.4737, accuracy: 12 },
  model: 'Pixel 8',
  platform: 'Android',
  platformVersion: '14.0.0',
  browser: 'Chrome',
  browserVersion: '131',
  screen: '412x915 @ 2.625',
  timeZone: 'Asia/Shanghai',
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)',
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function startRecording(app: FastifyInstance, token: string, input: Partial<MobileRecordingStartRequest> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/capture/mobile/recordings',
    headers: { ...auth(token), 'content-type': 'application/json' },
    payload: JSON.stringify({ kind: 'video', mime: 'video/webm;codecs=vp9', title: '现场录像', label: '事故', device: DEVICE, ...input }),
  });
  return { status: response.statusCode, body: response.json<Envelope<MobileRecordingStatus>>() };
}

export async function sendPiece(app: FastifyInstance, token: string, id: number, seq: number, bytes: Buffer, hash = sha256(bytes)) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/capture/mobile/recordings/${id}/pieces/${seq}`,
    headers: { ...auth(token), 'content-type': 'application/octet-stream', 'x-piece-sha256': hash },
    payload: bytes,
  });
  return { status: response.statusCode, body: response.json<Envelope<MobilePieceResponse>>() };
}

export async function stopRecording(
  app: FastifyInstance,
  token: string,
  id: number,
  input: { pieces: number; chainHead: string; duration?: number },
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/capture/mobile/recordings/${id}/stop`,
    headers: { ...auth(token), 'content-type': 'application/json' },
    payload: JSON.stringify({ duration: 12, ...input }),
  });
  return { status: response.statusCode, body: response.json<Envelope<MobileRecordingStatus>>() };
}

export async function recordingStatus(app: FastifyInstance, token: string, id: number) {
  const response = await app.inject({ method: 'GET', url: `/api/capture/mobile/recordings/${id}`, headers: auth(token) });
  return { status: response.statusCode, body: response.json<Envelope<MobileRecordingStatus>>() };
}
