import { createEffect } from 'effector';
import { api } from '@/shared/api';
import {
  mobilePieceResponse,
  mobileRecordingStatusSchema,
  PIECE_HASH_HEADER,
  type MobilePieceResponse,
  type MobileRecordingStartRequest,
  type MobileRecordingStatus,
  type MobileRecordingStopRequest,
} from '@contracts';

const RECORDINGS = '/capture/mobile/recordings';

const startRawFx = api.postJson(
  () => RECORDINGS,
  (body: MobileRecordingStartRequest) => body,
  { quiet: true },
);
const pieceRawFx = api.putBytes(
  ({ id, seq }: { id: number; seq: number; hash: string; bytes: Blob }) => `${RECORDINGS}/${id}/pieces/${seq}`,
  ({ hash, bytes }) => ({ bytes, headers: { [PIECE_HASH_HEADER]: hash } }),
  { quiet: true },
);
const statusRawFx = api.getAt((id: number) => `${RECORDINGS}/${id}`, { quiet: true });
const stopRawFx = api.postJson(
  ({ id }: { id: number } & MobileRecordingStopRequest) => `${RECORDINGS}/${id}/stop`,
  ({ pieces, chainHead, duration }) => ({ pieces, chainHead, duration }),
  { quiet: true },
);

/** POST /api/capture/mobile/recordings: opens a recording (the recorder shows its own failures). */
export const startMobileRecordingFx = createEffect(async (body: MobileRecordingStartRequest): Promise<MobileRecordingStatus> =>
  mobileRecordingStatusSchema.parse(await startRawFx(body)),
);

/** PUT …/:id/pieces/:seq: one piece, with its hash in the header. */
export const sendPieceFx = createEffect(
  async (piece: { id: number; seq: number; hash: string; bytes: Blob }): Promise<MobilePieceResponse> =>
    mobilePieceResponse.parse(await pieceRawFx(piece)),
);

const statusOf = async (id: number): Promise<MobileRecordingStatus> => mobileRecordingStatusSchema.parse(await statusRawFx(id));
const stopWith = async (request: { id: number } & MobileRecordingStopRequest): Promise<MobileRecordingStatus> =>
  mobileRecordingStatusSchema.parse(await stopRawFx(request));

/** GET …/:id: where the recording stands (followed after the stop until it is preserved). */
export const mobileRecordingStatusFx = createEffect(statusOf);

/** POST …/:id/stop: closes the chain the phone saw. */
export const stopMobileRecordingFx = createEffect(stopWith);

// The same calls for finishing a recording left by an earlier visit: effects of their own, so their answers
// do not move the recorder's own recording.
/** GET …/:id for a recording left with pieces waiting. */
export const resumedStatusFx = createEffect(statusOf);

/** POST …/:id/stop for a recording left with pieces waiting. */
export const stopResumedFx = createEffect(stopWith);
