import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryPieceStore, type QueuedPiece } from './piece-store';
import { createRecordingSession } from './recording-session';

const sha = (data: Buffer) => createHash('sha256').update(data).digest();

describe('a recording session', () => {
  it('numbers, hashes and chains pieces in the order recorded and sends them so', async () => {
    const sent: QueuedPiece[] = [];
    const totals: { pieces: number; bytes: number }[] = [];
    const session = createRecordingSession({
      recordingId: 5,
      store: createMemoryPieceStore(),
      isOnline: () => true,
      isTransient: () => true,
      upload: (piece) => {
        sent.push(piece);
        return Promise.resolve({ seq: piece.seq, chainHead: '', pieces: piece.seq + 1, bytes: 0 });
      },
      onRecorded: (t) => totals.push(t),
    });
    const parts = [Buffer.from('one'), Buffer.from('three'), Buffer.from('five5')];
    void session.addPiece(new Blob([parts[0]!]));
    void session.addPiece(new Blob([parts[1]!]));
    await session.addPiece(new Blob([parts[2]!]));
    const { pieces, chainHead } = await session.finish();

    let head = Buffer.alloc(32);
    parts.forEach((part, seq) => {
      const seqBytes = Buffer.alloc(4);
      seqBytes.writeUInt32BE(seq);
      head = sha(Buffer.concat([head, seqBytes, sha(part)]));
    });
    expect(pieces).toBe(3);
    expect(chainHead).toBe(head.toString('hex'));
    expect(sent.map((p) => [p.seq, p.hash])).toEqual(parts.map((part, seq) => [seq, sha(part).toString('hex')]));
    expect(totals.at(-1)).toEqual({ pieces: 3, bytes: 13 });
  });
});
