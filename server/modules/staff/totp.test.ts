import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpAt, totpStep } from './totp';

/** The SHA-1 seed of RFC 6238 appendix B (and RFC 4226 appendix D): the ASCII of "12345678901234567890". */
const SEED = Buffer.from('12345678901234567890', 'ascii');
const at = (seconds: number) => new Date(seconds * 1000);

describe('RFC 6238 appendix B (SHA-1, 8 digits)', () => {
  const vectors: [number, string, string][] = [
    [59, '0000000000000001', '94287082'],
    [1111111109, '00000000023523EC', '07081804'],
    [1111111111, '00000000023523ED', '14050471'],
    [1234567890, '000000000273EF07', '89005924'],
    [2000000000, '0000000003F940AA', '69279037'],
    [20000000000, '0000000027BC86AA', '65353130'],
  ];
  it.each(vectors)('T = %i (step %s) gives %s', (seconds, stepHex, code) => {
    expect(totpStep(at(seconds))).toBe(parseInt(stepHex, 16));
    expect(totpAt(SEED, at(seconds), 8)).toBe(code);
    // The 6-digit code apps show is the same number modulo 10^6.
    expect(totpAt(SEED, at(seconds))).toBe(code.slice(2));
  });
});

describe('RFC 4226 appendix D (HOTP, 6 digits)', () => {
  const codes = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(codes.map((code, counter) => [counter, code] as const))('counter %i gives %s', (counter, code) => {
    expect(hotp(SEED, counter)).toBe(code);
  });
});

describe('base32 (RFC 4648)', () => {
  it('encodes the RFC seed as authenticator apps expect', () => {
    expect(base32Encode(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi==').toString()).toBe('foobar');
  });
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => base32Decode(base32Encode(Buffer.from(bytes))).equals(Buffer.from(bytes))),
    );
  });
  it('refuses characters outside the alphabet', () => {
    expect(() => base32Decode('ABC1')).toThrow();
  });
  it('makes 160-bit secrets', () => {
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(newTotpSecret());
  });
});

describe('matchTotp', () => {
  const secret = randomBytes(20);
  const now = at(1_700_000_015);
  const step = totpStep(now);
  const codeFor = (offset: number) => hotp(secret, step + offset);

  it('takes the current step and one step either side, answering the step', () => {
    expect(matchTotp(secret, codeFor(0), now, null)).toBe(step);
    expect(matchTotp(secret, codeFor(-1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, codeFor(1), now, null)).toBe(step + 1);
  });
  it('refuses two steps away, another secret, and anything but six digits', () => {
    expect(matchTotp(secret, codeFor(-2), now, null)).toBeNull();
    expect(matchTotp(secret, codeFor(2), now, null)).toBeNull();
    expect(matchTotp(randomBytes(20), codeFor(0), now, null)).toBeNull();
    expect(matchTotp(secret, `${codeFor(0)}0`, now, null)).toBeNull();
    expect(matchTotp(secret, '', now, null)).toBeNull();
  });
  it('never takes a step already used, nor an earlier one', () => {
    expect(matchTotp(secret, codeFor(0), now, step)).toBeNull();
    expect(matchTotp(secret, codeFor(-1), now, step)).toBeNull();
    expect(matchTotp(secret, codeFor(1), now, step)).toBe(step + 1);
    expect(matchTotp(secret, codeFor(0), now, step - 1)).toBe(step);
  });
});

describe('otpauthUri', () => {
  it('names issuer and account and carries the parameters', () => {
    const uri = otpauthUri('电子数据存证平台', 'li.si', 'GEZDGNBVGY3TQOJQ');
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(decodeURIComponent(parsed.pathname)).toMatch(/电子数据存证平台:li\.si$/);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      secret: 'GEZDGNBVGY3TQOJQ',
      issuer: '电子数据存证平台',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
