/** Hex of bytes, lower case (the form the contract's hashes take). */
export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The head before any piece: 32 zero bytes. */
export const CHAIN_START = '0'.repeat(64);

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}

/** Hex SHA-256 of one piece (sent as `x-piece-sha256`). */
export async function pieceHash(piece: Blob | Uint8Array): Promise<string> {
  const bytes = piece instanceof Uint8Array ? piece : new Uint8Array(await piece.arrayBuffer());
  return toHex(await sha256(bytes));
}

/**
 * The chain's next head: SHA-256(previous head (32 bytes) ‖ seq as uint32 big-endian ‖ piece hash (32 bytes)),
 * the same rule the server applies, so the head the phone sends at the stop can be compared with its own.
 */
export async function nextChainHead(previousHead: string, seq: number, hashOfPiece: string): Promise<string> {
  const input = new Uint8Array(68);
  input.set(fromHex(previousHead), 0);
  new DataView(input.buffer).setUint32(32, seq, false);
  input.set(fromHex(hashOfPiece), 36);
  return toHex(await sha256(input));
}
