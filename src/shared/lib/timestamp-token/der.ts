/**
 * A small reader of ASN.1 BER/DER, enough for RFC 3161 tokens, CMS SignedData and X.509 certificates: each value
 * keeps its encoded bytes (for hashing and signatures) and, when constructed, its parsed children. Hostile input
 * gets an Error, never a hang: lengths are checked against the input and nesting is bounded.
 */

/** One decoded value: its first identifier octet (class, constructed bit and number), its bytes and its children. */
export interface Asn1 {
  tag: number;
  /** The whole encoding, identifier and length included. */
  bytes: Uint8Array;
  /** The contents octets (for an indefinite length: up to, not including, the end-of-contents). */
  content: Uint8Array;
  /** The children of a constructed value; empty for a primitive one. */
  items: Asn1[];
}

/** Universal tags (first identifier octets) of the types read here. */
export const BOOLEAN = 0x01;
export const INTEGER = 0x02;
export const BIT_STRING = 0x03;
export const OCTET_STRING = 0x04;
export const OBJECT_ID = 0x06;
export const UTF8_STRING = 0x0c;
export const PRINTABLE_STRING = 0x13;
export const TELETEX_STRING = 0x14;
export const IA5_STRING = 0x16;
export const UTC_TIME = 0x17;
export const GENERALIZED_TIME = 0x18;
export const UNIVERSAL_STRING = 0x1c;
export const BMP_STRING = 0x1e;
export const SEQUENCE = 0x30;
export const SET = 0x31;

const MAX_DEPTH = 40;

function readOne(bytes: Uint8Array, start: number, depth: number): Asn1 {
  if (depth > MAX_DEPTH) throw new Error('too deep');
  if (start + 2 > bytes.length) throw new Error('truncated');
  const tag = bytes[start]!;
  if ((tag & 0x1f) === 0x1f) throw new Error('unsupported tag');
  const constructed = (tag & 0x20) !== 0;
  let offset = start + 1;
  const first = bytes[offset++]!;
  let length = -1;
  if (first < 0x80) length = first;
  else if (first > 0x80) {
    const count = first & 0x7f;
    if (count > 4 || offset + count > bytes.length) throw new Error('bad length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + bytes[offset++]!;
  } else if (!constructed) throw new Error('indefinite primitive');

  const items: Asn1[] = [];
  if (length >= 0) {
    const end = offset + length;
    if (end > bytes.length) throw new Error('truncated');
    if (constructed) {
      let at = offset;
      while (at < end) {
        const item = readOne(bytes.subarray(0, end), at, depth + 1);
        items.push(item);
        at += item.bytes.length;
      }
    }
    return { tag, bytes: bytes.subarray(start, end), content: bytes.subarray(offset, end), items };
  }
  // Indefinite length (BER): children until the end-of-contents octets 00 00.
  let at = offset;
  for (;;) {
    if (at + 2 > bytes.length) throw new Error('truncated');
    if (bytes[at] === 0 && bytes[at + 1] === 0) break;
    const item = readOne(bytes, at, depth + 1);
    items.push(item);
    at += item.bytes.length;
  }
  return { tag, bytes: bytes.subarray(start, at + 2), content: bytes.subarray(offset, at), items };
}

/** Reads the single value `bytes` holds; trailing bytes are an error. */
export function parseDer(bytes: Uint8Array): Asn1 {
  const value = readOne(bytes, 0, 0);
  if (value.bytes.length !== bytes.length) throw new Error('trailing bytes');
  return value;
}

/** Asserts the value's tag; answers the value. */
export function expectTag(value: Asn1 | undefined, tag: number, what: string): Asn1 {
  if (!value || value.tag !== tag) throw new Error(`${what} is missing`);
  return value;
}

/** The n-th child, of the given tag. */
export function child(value: Asn1, index: number, tag: number, what: string): Asn1 {
  return expectTag(value.items[index], tag, what);
}

/** An OBJECT IDENTIFIER's dotted form. */
export function oidOf(value: Asn1): string {
  expectTag(value, OBJECT_ID, 'oid');
  const arcs: bigint[] = [];
  let current = 0n;
  for (const byte of value.content) {
    current = (current << 7n) | BigInt(byte & 0x7f);
    if ((byte & 0x80) === 0) {
      arcs.push(current);
      current = 0n;
    }
  }
  if (arcs.length === 0 || (value.content[value.content.length - 1]! & 0x80) !== 0) throw new Error('bad oid');
  const head = arcs[0]!;
  const first = head < 40n ? 0n : head < 80n ? 1n : 2n;
  return [first, head - first * 40n, ...arcs.slice(1)].join('.');
}

/** An OCTET STRING's octets, a BER constructed one joined. */
export function octetsOf(value: Asn1): Uint8Array {
  if (value.tag === OCTET_STRING) return value.content;
  if (value.tag === (OCTET_STRING | 0x20)) {
    const parts = value.items.map(octetsOf);
    const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  }
  throw new Error('octets missing');
}

/** A BIT STRING's bits as whole octets (no unused bits allowed: keys and signatures). */
export function bitStringBytes(value: Asn1): Uint8Array {
  expectTag(value, BIT_STRING, 'bits');
  if (value.content[0] !== 0) throw new Error('unused bits');
  return value.content.subarray(1);
}

/** The first octet of a BIT STRING's bits (flags such as key usage), 0 when it has none. */
export function bitFlags(value: Asn1): number {
  expectTag(value, BIT_STRING, 'bits');
  return value.content[1] ?? 0;
}

const decodeUtf16 = (bytes: Uint8Array, width: 2 | 4) => {
  const codes: number[] = [];
  for (let i = 0; i + width <= bytes.length; i += width) {
    codes.push(
      width === 2
        ? (bytes[i]! << 8) | bytes[i + 1]!
        : ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0,
    );
  }
  return String.fromCodePoint(...codes);
};

/** The text of a directory string (UTF8, Printable, IA5, Teletex, BMP or Universal). */
export function stringOf(value: Asn1): string {
  switch (value.tag) {
    case UTF8_STRING:
      return new TextDecoder('utf-8', { fatal: true }).decode(value.content);
    case PRINTABLE_STRING:
    case IA5_STRING:
    case TELETEX_STRING:
      return String.fromCharCode(...value.content);
    case BMP_STRING:
      return decodeUtf16(value.content, 2);
    case UNIVERSAL_STRING:
      return decodeUtf16(value.content, 4);
    default:
      throw new Error('not a string');
  }
}

/** A UTCTime or GeneralizedTime (UTC, as DER requires) as a Date. */
export function timeOf(value: Asn1 | undefined): Date {
  if (!value) throw new Error('time missing');
  const text = String.fromCharCode(...value.content);
  const match =
    value.tag === UTC_TIME
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : value.tag === GENERALIZED_TIME
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d{1,9}))?Z$/.exec(text)
        : null;
  if (!match) throw new Error('bad time');
  const [, y, mo, d, h, mi, s, fraction] = match as unknown as [string, string, string, string, string, string, string, string?];
  let year = Number(y);
  if (value.tag === UTC_TIME) year += year < 50 ? 2000 : 1900;
  const ms = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  const time = Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (Number.isNaN(time)) throw new Error('bad time');
  return new Date(time);
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

export const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
