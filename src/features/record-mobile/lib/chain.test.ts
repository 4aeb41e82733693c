import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHAIN_START, fromHex, nextChainHead, pieceHash, toHex } from './chain';

const sha = (data: Buffer) => createHash('sha256').update(data).digest();

/** The chain as node:crypto computes it, independently of the code under test. */
function referenceHead(pieces: Buffer[]): string {
  let head = Buffer.alloc(32);
  pieces.forEach((piece, seq) => {
    const seqBytes = Buffer.alloc(4);
    seqBytes.writeUInt32BE(seq);
    head = sha(Buffer.concat([head, seqBytes, sha(piece)]));
  });
  return head.toString('hex');
}

describe('piece hashes and the chain', () => {
  it('hashes a piece like node:crypto, from a Blob or bytes', async () => {
    const piece = Buffer.from('the first second of video');
    const expected = sha(piece).toString('hex');
    expect(await pieceHash(new Blob([piece]))).toBe(expected);
    expect(await pieceHash(new Uint8Array(piece))).toBe(expected);
  });

  it('starts from 32 zero bytes and chains seq big-endian between the heads and the piece hashes', async () => {
    const pieces = [Buffer.from('a'), Buffer.from('bb'), Buffer.alloc(70_000, 7), Buffer.alloc(0)];
    let head = CHAIN_START;
    for (const [seq, piece] of pieces.entries()) head = await nextChainHead(head, seq, await pieceHash(new Uint8Array(piece)));
    expect(head).toBe(referenceHead(pieces));
  });

  it('writes a seq above 255 in four bytes, high byte first', async () => {
    const hash = sha(Buffer.from('x')).toString('hex');
    const seqBytes = Buffer.from([0x00, 0x01, 0x02, 0x03]);
    const expected = sha(Buffer.concat([Buffer.alloc(32), seqBytes, Buffer.from(hash, 'hex')])).toString('hex');
    expect(await nextChainHead(CHAIN_START, 0x010203, hash)).toBe(expected);
  });

  it('turns hex into bytes and back, and refuses what is not hex', () => {
    expect(toHex(fromHex('00ff10'))).toBe('00ff10');
    expect(() => fromHex('zz')).toThrow();
  });
});
