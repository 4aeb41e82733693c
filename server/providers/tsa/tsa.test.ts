import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTimestampToken, TimestampTokenError, verifyTimestampToken } from '../../../proof/timestamp-token/index';
import { startTsaStandIn, type TsaStandIn } from '../../test-support/tsa-standin';
import { createAuthorityMaterial, SANDBOX_POLICY, SandboxAuthority } from './authority';
import { HttpTimestampAuthority, newNonce, TimestampRequestError, timestampRequest, tokenOfResponse } from './client';

const digestOf = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());
const GEN_TIME = new Date('2026-11-25T08:30:00.000Z');

let authority: SandboxAuthority;
let other: SandboxAuthority;
let standIn: TsaStandIn;
let client: HttpTimestampAuthority;

beforeAll(async () => {
  standIn = await startTsaStandIn({ now: () => GEN_TIME });
  authority = standIn.authority;
  other = await SandboxAuthority.load(await createAuthorityMaterial());
  client = new HttpTimestampAuthority(standIn.url, authority.trustAnchors);
});
afterAll(async () => standIn.close());

async function stepOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'passed';
  } catch (error) {
    if (error instanceof TimestampTokenError) return error.step;
    throw error;
  }
}

describe('RFC 3161 with the sandbox authority', () => {
  it('draws nonces that are positive minimal DER integers (a zero first byte is padding OpenSSL refuses)', () => {
    // Before the fix one nonce in 256 began 0x00 0x00-0x7f, and `openssl ts -verify` failed on its token.
    for (let i = 0; i < 4096; i += 1) {
      const [first = 0] = newNonce();
      expect(first).toBeGreaterThan(0x00);
      expect(first).toBeLessThan(0x80);
    }
  });

  it('issues a token over HTTP that the client verifies, stating the authority time and name', async () => {
    const digest = digestOf('checkpoint text');
    const { token, facts } = await client.timestamp(digest);
    expect(facts.genTime.toISOString()).toBe(GEN_TIME.toISOString());
    expect(facts.imprint).toBe(Buffer.from(digest).toString('hex'));
    expect(facts.authority).toBe('Evidence Platform Sandbox TSA');
    expect(facts.policy).toBe(SANDBOX_POLICY);
    expect(readTimestampToken(token)).toEqual(facts);
    await expect(verifyTimestampToken(token, digest, authority.trustAnchors)).resolves.toEqual(facts);
  });

  it('names the failed step for each kind of tampering', async () => {
    const digest = digestOf('the record');
    const { token } = await client.timestamp(digest);
    // A token for other data.
    expect(await stepOf(verifyTimestampToken(token, digestOf('other'), authority.trustAnchors))).toBe('imprint');
    // An authority we do not trust.
    expect(await stepOf(verifyTimestampToken(token, digest, other.trustAnchors))).toBe('chain');
    // Not a token at all.
    expect(await stepOf(verifyTimestampToken(new Uint8Array([1, 2, 3]), digest, authority.trustAnchors))).toBe('token');
    // A changed byte in the signature (the last bytes of the DER are the signature's).
    const forged = token.slice();
    forged[forged.length - 3] = (forged[forged.length - 3] ?? 0) ^ 0x01;
    expect(await stepOf(verifyTimestampToken(forged, digest, authority.trustAnchors))).toBe('signature');
    // A changed genTime inside the signed TSTInfo: the signed digest no longer matches.
    const iso = Buffer.from('20261125083000Z');
    const at = Buffer.from(token).indexOf(iso);
    expect(at).toBeGreaterThan(0);
    const later = token.slice();
    later[at + 3] = '7'.charCodeAt(0);
    expect(await stepOf(verifyTimestampToken(later, digest, authority.trustAnchors))).toBe('signature');
    // Another authority's token for the same digest, checked against our anchors.
    const foreign = tokenOfResponse(await other.respond(timestampRequest(digest, new Uint8Array([7]))), new Uint8Array([7]));
    expect(await stepOf(verifyTimestampToken(foreign, digest, authority.trustAnchors))).toBe('chain');
  });

  it('refuses requests it cannot honour, and the client refuses unanswered nonces', async () => {
    const digest = digestOf('x');
    const request = timestampRequest(digest, new Uint8Array([1, 2]));
    const granted = await authority.respond(request);
    expect(() => tokenOfResponse(granted, new Uint8Array([9, 9]))).toThrow(TimestampRequestError);
    const malformed = await authority.respond(new Uint8Array([0x30, 0x00]));
    expect(() => tokenOfResponse(malformed, new Uint8Array([1]))).toThrow(/refused/);
    const shortDigest = await authority.respond(timestampRequest(new Uint8Array(20), new Uint8Array([1])));
    expect(() => tokenOfResponse(shortDigest, new Uint8Array([1]))).toThrow(/refused/);
    const down = new HttpTimestampAuthority('http://127.0.0.1:9/tsa', authority.trustAnchors, 2000);
    await expect(down.timestamp(digest)).rejects.toThrow(TimestampRequestError);
  });

  it.skipIf(!existsSync('/usr/bin/openssl'))('is accepted by openssl ts -verify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tsa-'));
    try {
      const text = 'a checkpoint signed text\n';
      writeFileSync(join(dir, 'data.txt'), text);
      const digest = digestOf(text);
      const { token } = await client.timestamp(digest);
      writeFileSync(join(dir, 'token.der'), token);
      writeFileSync(join(dir, 'root.pem'), standIn.rootPem);
      const out = execFileSync(
        'openssl',
        ['ts', '-verify', '-token_in', '-in', join(dir, 'token.der'), '-data', join(dir, 'data.txt'), '-CAfile', join(dir, 'root.pem')],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(out).toContain('Verification: OK');
      // And fails for other data.
      writeFileSync(join(dir, 'other.txt'), 'other');
      expect(() =>
        execFileSync(
          'openssl',
          ['ts', '-verify', '-token_in', '-in', join(dir, 'token.der'), '-data', join(dir, 'other.txt'), '-CAfile', join(dir, 'root.pem')],
          { stdio: 'pipe' },
        ),
      ).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
