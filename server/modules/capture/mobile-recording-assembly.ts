import { Readable } from 'node:stream';
import { mobileDeviceFactsSchema } from '../../../contracts/index';
import type { AppContext } from '../../context';
import { SNIFF_BYTES } from '../../files/sniff';
import type { FileStore } from '../../files/store';
import { spendPoints } from '../ledger/index';
import { releasePieces, type PieceRow, type RecordingRow } from './mobile-recording-repository';
import { fileNameFor, forensicsOf } from './mobile-recording-rules';
import { TYPE_OF_KIND } from './repository';
import { ORDER_WORD, type CaptureService } from './service';

/** The first SNIFF_BYTES of the pieces put together (what the type check reads). */
export async function assembledHead(files: FileStore, pieces: readonly PieceRow[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for (const piece of pieces) {
    if (length >= SNIFF_BYTES) break;
    const { stream } = await files.open(piece.file_key);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= SNIFF_BYTES) break;
    }
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
}

/** The pieces in order as one stream, each read from the store only when the previous one has been consumed. */
function assembled(files: FileStore, pieces: readonly PieceRow[]): Readable {
  return Readable.from(
    (async function* concatenated() {
      for (const piece of pieces) {
        const { stream } = await files.open(piece.file_key);
        yield* stream as AsyncIterable<Buffer>;
      }
    })(),
  );
}

export interface RecordingToPreserve {
  userId: number;
  row: RecordingRow;
  pieces: readonly PieceRow[];
  duration: number;
}

/**
 * Preserves a stopped recording (its capture in `processing`) as one type 4 record with its forensics, as an app
 * upload is: the charge of the price held since the start, the capture's `done` and the release of its pieces
 * commit with the record, or nothing does.
 */
export async function preserveRecording(ctx: AppContext, capture: CaptureService, input: RecordingToPreserve): Promise<void> {
  const { userId, row, pieces, duration } = input;
  const device = mobileDeviceFactsSchema.parse(row.device);
  await capture.evidence.preserve(userId, {
    source: assembled(ctx.files, pieces),
    fileName: fileNameFor(row.mime),
    label: row.label,
    title: row.title,
    type: TYPE_OF_KIND.mobile,
    isApp: true,
    durationSeconds: duration,
    forensics: forensicsOf(ctx.translator, row.media_kind, device, duration),
    inTransaction: async (trx, evidence) => {
      const orderNo =
        row.price > 0
          ? (
              await spendPoints(trx, ctx, userId, {
                amount: row.price,
                description: ctx.translator.t(ORDER_WORD.mobile, { title: row.title }),
              })
            ).orderNo
          : null;
      const part = {
        name: evidence.title,
        role: 'media',
        key: evidence.file_key,
        sha256: evidence.file_hash,
        size: evidence.size,
        mime: evidence.mime,
      };
      const done = await trx
        .updateTable('captures')
        .set({
          state: 'done',
          evidence_id: evidence.id,
          order_no: orderNo,
          files: JSON.stringify([part]),
          finished_at: evidence.created_at,
        })
        .where('id', '=', row.capture_id)
        .where('state', '=', 'processing')
        .returning('id')
        .executeTakeFirst();
      if (!done) throw new Error('the mobile recording was ended elsewhere');
      await releasePieces(trx, row.capture_id);
    },
  });
}
