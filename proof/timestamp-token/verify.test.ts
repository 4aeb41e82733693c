import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import * as fixtures from './openssl-tokens.fixture';
import { readTimestampToken, TimestampTokenError, verifyTimestampToken, type TimestampStep } from './verify';

const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const digest = hex(fixtures.DATA_SHA256);
const anchors = [bytes(fixtures.ROOT)];

async function failedStep(token: Uint8Array, trust = anchors, covered = digest): Promise<{ step: TimestampStep; message: string }> {
  try {
    await verifyTimestampToken(token, covered, trust);
  } catch (error) {
    expect(error).toBeInstanceOf(TimestampTokenError);
    return { step: (error as TimestampTokenError).step, message: (error as Error).message };
  }
  throw new Error('the token was accepted');
}

/** What pkijs reads from the same token: the figures our own reader must agree with. */
function readWithPkijs(token: Uint8Array) {
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(token.slice().buffer).content });
  const tstInfo = pkijs.TSTInfo.fromBER(signedData.encapContentInfo.eContent!.getValue());
  const toHex = (view: Uint8Array) => Array.from(view, (b) => b.toString(16).padStart(2, '0')).join('');
  return {
    certificates: (signedData.certificates ?? []).filter((cert) => cert instanceof pkijs.Certificate),
    genTime: tstInfo.genTime.toISOString(),
    serialNumber: toHex(tstInfo.serialNumber.valueBlock.valueHexView),
    policy: tstInfo.policy,
    imprint: toHex(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView),
  };
}

describe('RFC 3161 tokens made by OpenSSL', () => {
  it('verifies an RSA authority (PKCS #1 v1.5, ESS v1) and reads what pkijs reads', async () => {
    const token = bytes(fixtures.RSA);
    const facts = await verifyTimestampToken(token, digest, anchors);
    expect(facts).toMatchObject({ policy: '1.2.3.4.1', imprint: fixtures.DATA_SHA256, authority: 'Fixture RSA TSA', serialNumber: '0a1c' });
    const { certificates: _carried, ...read } = readWithPkijs(token);
    expect({ ...facts, genTime: facts.genTime.toISOString(), authority: undefined }).toEqual({ ...read, authority: undefined });
    expect(facts.genTime.toISOString()).toBe('2026-11-26T21:36:11.000Z');
  });

  it('verifies an EC authority through an intermediate the token carries, signed with RSA-PSS (ESS v2)', async () => {
    const token = bytes(fixtures.EC_CHAIN);
    const facts = await verifyTimestampToken(token, digest, anchors);
    expect(facts.authority).toBe('Fixture EC TSA');
    const { certificates: _carried, ...read } = readWithPkijs(token);
    expect({ ...facts, genTime: facts.genTime.toISOString(), authority: undefined }).toEqual({ ...read, authority: undefined });
  });

  it('refuses the paths OpenSSL refuses: a path longer than an issuer allows, an issuer that is not a CA, an unknown critical extension', async () => {
    await expect(failedStep(bytes(fixtures.PATH_TOO_LONG))).resolves.toMatchObject({
      step: 'chain',
      message: expect.stringContaining('path length'),
    });
    await expect(failedStep(bytes(fixtures.ISSUER_NOT_CA))).resolves.toMatchObject({
      step: 'chain',
      message: expect.stringContaining('not a CA'),
    });
    await expect(failedStep(bytes(fixtures.UNKNOWN_CRITICAL))).resolves.toMatchObject({
      step: 'chain',
      message: expect.stringContaining('unknown critical extension'),
    });
  });

  it('names the failed step: other data, another root, a changed signature, a changed intermediate, a changed time', async () => {
    const rsa = bytes(fixtures.RSA);
    expect((await failedStep(rsa, anchors, new Uint8Array(32))).step).toBe('imprint');
    // ContentInfo > [0] > SignedData > [0] certificates: the EC token's intermediate (the larger of its two).
    const carried = readWithPkijs(bytes(fixtures.EC_CHAIN)).certificates.map((cert) => new Uint8Array(cert.toSchema().toBER()));
    const intermediate = carried.reduce((a, b) => (a.length > b.length ? a : b));
    expect((await failedStep(rsa, [intermediate.slice()])).step).toBe('chain');
    expect((await failedStep(rsa, [new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01])])).step).toBe('chain');

    const signatureChanged = rsa.slice();
    signatureChanged[signatureChanged.length - 5]! ^= 0x01;
    expect((await failedStep(signatureChanged)).step).toBe('signature');

    const ec = bytes(fixtures.EC_CHAIN);
    const at = findSubarray(ec, intermediate);
    expect(at).toBeGreaterThan(0);
    const intermediateChanged = ec.slice();
    intermediateChanged[at + intermediate.length - 10]! ^= 0x01; // its signature by the root
    expect((await failedStep(intermediateChanged)).step).toBe('chain');

    // The TSTInfo's genTime digit changed: the message digest no longer matches.
    const text = new TextDecoder('latin1').decode(rsa);
    const time = text.indexOf('20261126213611');
    const timeChanged = rsa.slice();
    timeChanged[time + 13] = '2'.charCodeAt(0);
    expect((await failedStep(timeChanged)).step).toBe('signature');
  });

  it('refuses a content-type attribute that does not name the TSTInfo, and a signature over SHA-1', async () => {
    const rsa = bytes(fixtures.RSA);
    // The signed content-type attribute: its OID, then SET { id-ct-TSTInfo }; the value's last arc changed.
    const attribute = findSubarray(rsa, hex('06092a864886f70d010903310d060b2a864886f70d0109100104'));
    expect(attribute).toBeGreaterThan(0);
    const otherType = rsa.slice();
    otherType[attribute + 25]! ^= 0x01;
    await expect(failedStep(otherType)).resolves.toMatchObject({ step: 'signature', message: expect.stringContaining('content type') });

    // The signer's algorithm (the last rsaEncryption: the carried certificates' keys come before) made sha1WithRSAEncryption.
    const rsaEncryption = hex('06092a864886f70d010101');
    let last = -1;
    for (let at = findSubarray(rsa, rsaEncryption); at >= 0;) {
      last = at;
      const next = findSubarray(rsa.subarray(at + 1), rsaEncryption);
      at = next < 0 ? -1 : at + 1 + next;
    }
    const sha1 = rsa.slice();
    sha1[last + rsaEncryption.length - 1] = 0x05;
    await expect(failedStep(sha1)).resolves.toMatchObject({ step: 'signature', message: expect.stringContaining('SHA-1') });
  });

  it('answers hostile bytes as a bad token, never with another error or a hang', async () => {
    const deep = new Uint8Array(20_000).map((_, i) => (i % 2 === 0 ? 0x30 : 0x80));
    const cases = [
      new Uint8Array(),
      new Uint8Array([0x30]),
      new Uint8Array([0x30, 0x84, 0xff, 0xff, 0xff, 0xff]),
      new Uint8Array([0x30, 0x85, 0, 0, 0, 0, 1]),
      new Uint8Array([0x1f, 0x81, 0x01, 0x00]),
      deep,
      bytes(fixtures.RSA).subarray(0, 700),
      Uint8Array.from([...bytes(fixtures.RSA), 0]),
      new TextEncoder().encode('not a token at all'),
    ];
    for (const token of cases) {
      expect((await failedStep(token)).step).toBe('token');
      expect(() => readTimestampToken(token)).toThrow(TimestampTokenError);
    }
  });
});

function findSubarray(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
