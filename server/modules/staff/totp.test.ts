import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, otpauthUri, totpAt, totpStep } from './totp';
import { copyText } from '../../test-support/copy';

/** The SHA-1 seed of RFC 6238 appendix B (and RFC 4226 appendix D): the ASCII of "12345678901234567890". */
const SEED = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

// These pin otpauth's settings (SHA-1, T0 = 0, 30 s, 6 digits) to what authenticator apps compute.
describe('RFC 6238 appendix B (SHA-1)', () => {
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
    // The 6-digit code apps show is the RFC's 8-digit number modulo 10^6.
    expect(totpAt(SEED, at(seconds))).toBe(code.slice(2));
  });
});

describe('RFC 4226 appendix D (HOTP, 6 digits)', () => {
  const codes = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(codes.map((code, counter) => [counter, code] as const))('counter %i gives %s', (counter, code) => {
    expect(totpAt(SEED, at(counter * 30 + 29))).toBe(code);
  });
});

describe('secrets', () => {
  it('are 160-bit base32, different each time', () => {
    expect(Secret.fromBase32(newTotpSecret()).bytes).toHaveLength(20);
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(newTotpSecret());
  });
});

describe('matchTotp', () => {
  const secret = newTotpSecret();
  const now = at(1_700_000_015);
  const step = totpStep(now);
  const codeFor = (offset: number) => totpAt(secret, at((step + offset) * 30));

  it('takes the current step and one step either side, answering the step', () => {
    expect(matchTotp(secret, codeFor(0), now, null)).toBe(step);
    expect(matchTotp(secret, codeFor(-1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, codeFor(1), now, null)).toBe(step + 1);
  });
  it('refuses two steps away, another secret, and anything but six digits', () => {
    expect(matchTotp(secret, codeFor(-2), now, null)).toBeNull();
    expect(matchTotp(secret, codeFor(2), now, null)).toBeNull();
    expect(matchTotp(newTotpSecret(), codeFor(0), now, null)).toBeNull();
    expect(matchTotp(secret, `${codeFor(0)}0`, now, null)).toBeNull();
    expect(matchTotp(secret, `${codeFor(0).slice(0, 5)}x`, now, null)).toBeNull();
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
    const uri = otpauthUri(copyText('common:brand'), 'li.si', 'GEZDGNBVGY3TQOJQ');
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toMatch(/^\/电子数据存证平台:li\.si$/);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      secret: 'GEZDGNBVGY3TQOJQ',
      issuer: copyText('common:brand'),
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
