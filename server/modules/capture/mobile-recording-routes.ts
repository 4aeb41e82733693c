import type { Readable } from 'node:stream';
import {
  mobilePieceParams,
  mobilePieceResponse,
  mobileRecordingIdParams,
  mobileRecordingStartRequest,
  mobileRecordingStatusSchema,
  mobileRecordingStopRequest,
  PIECE_HASH_HEADER,
  pieceHashSchema,
  emptyBody,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { requestTranslator } from '../../http/language';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { checkFields, isOctetStream } from '../../http/upload';
import type { MobileRecordings } from './mobile-recording';

const TAG = 'capture';

/** The calls of mobile recordings made in the phone's browser (docs/mobile-capture.md). */
export function mobileRecordingRoutes(ctx: AppContext, recordings: MobileRecordings): RouteDefinition[] {
  const params = (request: Parameters<RouteDefinition['handle']>[0]) =>
    checkFields(requestTranslator(request, ctx.translator), mobileRecordingIdParams, request.params, 'id');
  return [
    defineRoute({
      method: 'POST',
      url: '/api/capture/mobile/recordings',
      summary:
        "Opens a mobile recording made in the phone's browser (kind photo|video|audio, mime, title, label, device facts): a type 4 capture in state recording. The balance must cover CAPTURE_MOBILE_POINTS on top of the open captures; charged when it is preserved. Answers its status with the limits the phone keeps to",
      tag: TAG,
      auth: true,
      body: mobileRecordingStartRequest,
      response: mobileRecordingStatusSchema,
      handler: ({ session, body }) => recordings.start(session.userId, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/capture/mobile/recordings/:id/pieces/:seq',
      summary:
        "One piece of an open recording: the bytes as the body (application/octet-stream, at most MOBILE_PIECE_MAX_BYTES), their SHA-256 (hex) in the x-piece-sha256 header. seq must be the next expected (the status's pieces); the server hashes the bytes again and refuses a mismatch, and appends the piece to the chain head = SHA-256(previous head ‖ seq as uint32 BE ‖ piece hash). The same piece again answers the same; a different one with a received seq, a seq out of order, a recording over MOBILE_RECORDING_MAX_BYTES or MOBILE_RECORDING_MAX_SECONDS, an ended, unknown or another user's recording are refused and change nothing",
      tag: TAG,
      auth: true,
      response: mobilePieceResponse,
      handler: async ({ session, request }) => {
        const source = request.body as Readable;
        const translator = requestTranslator(request, ctx.translator);
        let input;
        try {
          if (!isOctetStream(request)) throw badRequest('preservation:noFile');
          input = {
            ...checkFields(translator, mobilePieceParams, request.params, 'seq'),
            sha256: checkFields(translator, pieceHashSchema, request.headers[PIECE_HASH_HEADER], 'sha256'),
          };
        } catch (error) {
          source?.resume?.();
          throw error;
        }
        return recordings.piece(session.userId, input.id, input.seq, input.sha256, source);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/capture/mobile/recordings/:id',
      summary:
        "Where the caller's recording stands: state, pieces and bytes received, chain head, gaps, limits, and its preservation number once done",
      tag: TAG,
      auth: true,
      query: emptyBody,
      response: mobileRecordingStatusSchema,
      handler: ({ session, request }) => recordings.status(session.userId, params(request).id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/capture/mobile/recordings/:id/stop',
      summary:
        "Ends the recording the phone saw ({pieces, chainHead, duration}: they must be the server's, else it stays open for the missing pieces) and preserves the pieces in order as one record, charged CAPTURE_MOBILE_POINTS once. Bytes that are not of the declared type end it failed, uncharged. A repeated stop answers the same status",
      tag: TAG,
      auth: true,
      body: mobileRecordingStopRequest,
      response: mobileRecordingStatusSchema,
      successMessage: 'preserved',
      handler: ({ session, body, request }) => recordings.stop(session.userId, params(request).id, body),
    }),
  ];
}
