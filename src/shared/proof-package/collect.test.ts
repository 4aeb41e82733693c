import { describe, expect, it } from 'vitest';
import { PROOF_PACKAGE_FORMAT, type ProofPackage } from '@contracts';
import { bytesToHex, checkpointText, leafHash, sha256, utf8 } from '../lib/merkle';
import { verifyFiles } from './collect';
import { readZip, ZipReadError } from './zip';

/** A one-entry log signed with a fresh Ed25519 key (no time-stamp token): enough to check how files are found. */
async function makeProof(file: Uint8Array, path: string): Promise<ProofPackage> {
  const keys = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const entry = JSON.stringify({
    n: 0,
    baoquan: 'BQ1',
    filehash: bytesToHex(await sha256(file)),
    time: '2025-01-06T00:00:00.000Z',
    owner: 'x',
  });
  const leaf = bytesToHex(await leafHash(utf8(entry)));
  const fields = { treeSize: 1, rootHash: leaf, timestamp: '2025-01-06T00:00:01.000Z' };
  const signedText = checkpointText(fields);
  const signature = btoa(
    String.fromCharCode(
      ...new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, utf8(signedText) as Uint8Array<ArrayBuffer>)),
    ),
  );
  const checkpoint = {
    ...fields,
    signedText,
    signature,
    keyId: bytesToHex(await sha256(raw)),
    timestampToken: null,
    publicKey: btoa(String.fromCharCode(...raw)),
  };
  return {
    format: PROOF_PACKAGE_FORMAT,
    createdAt: '2025-01-06T00:00:02.000Z',
    record: { baoquan: 'BQ1', title: path, saveTime: '2025-01-06 08:00:00', chainhash: leaf },
    file: { path, sha256: bytesToHex(await sha256(file)), size: file.length },
    certificate: null,
    entry,
    leafIndex: 0,
    leafHash: leaf,
    auditPath: [],
    checkpoint,
    timestampAuthority: { sandbox: true, certificates: [] },
    consistency: { first: 1, second: 1, firstRootHash: leaf, secondRootHash: leaf, proof: [] },
    latestCheckpoint: checkpoint,
  };
}

const json = (value: unknown) => utf8(JSON.stringify(value));
const stepsOf = (verdict: { steps: { step: string; ok: boolean }[] }) => Object.fromEntries(verdict.steps.map((s) => [s.step, s.ok]));

describe('finding the records among the files given (verify.html, npm run verify)', () => {
  it('checks the file by its bytes or by a piecewise hash alike; everything but the missing token passes', async () => {
    const file = utf8('evidence bytes');
    const proof = await makeProof(file, 'a.txt');
    const [byBytes] = await verifyFiles([
      { name: 'proof.json', bytes: json(proof) },
      { name: 'a.txt', bytes: file },
    ]);
    expect(stepsOf(byBytes!)).toEqual({ fileHash: true, auditPath: true, signature: true, timestamp: false, consistency: true });
    expect(byBytes!.steps[3]!.reason).toBe('tokenMissing');
    const hash = bytesToHex(await sha256(file));
    const [byHash] = await verifyFiles([
      { name: 'proof.json', bytes: json(proof) },
      { name: 'a.txt', sha256: () => Promise.resolve(hash.toUpperCase()) },
    ]);
    expect(stepsOf(byHash!).fileHash).toBe(true);
    const [wrong] = await verifyFiles([
      { name: 'proof.json', bytes: json(proof) },
      { name: 'a.txt', sha256: () => Promise.resolve('00'.repeat(32)) },
    ]);
    expect(wrong!.steps[0]).toMatchObject({ ok: false, reason: 'fileHashMismatch' });
  });

  it('a batch: each proof.json takes the file of its own folder; a missing file and an unreadable proof are said', async () => {
    const one = utf8('one');
    const two = utf8('two');
    const verdicts = await verifyFiles([
      { name: 'BQ1/proof.json', bytes: json(await makeProof(one, 'same.txt')) },
      { name: 'BQ1/same.txt', bytes: one },
      { name: 'BQ2/proof.json', bytes: json(await makeProof(two, 'same.txt')) },
      { name: 'BQ2/same.txt', bytes: two },
      { name: 'BQ3/proof.json', bytes: json(await makeProof(two, 'gone.txt')) },
      { name: 'BQ4/proof.json', bytes: utf8('{"format":"something else"}') },
    ]);
    expect(verdicts.map((v) => [v.source, v.steps[0]?.reason ?? null])).toEqual([
      ['BQ1/proof.json', 'fileHashOk'],
      ['BQ2/proof.json', 'fileHashOk'],
      ['BQ3/proof.json', 'fileMissing'],
      ['BQ4/proof.json', null],
    ]);
    expect(verdicts[3]!.proof).toBeNull();
    expect(await verifyFiles([{ name: 'a.txt', bytes: one }])).toEqual([]);
  });

  it('the zip reader refuses what is not a zip it can read', async () => {
    await expect(readZip(utf8('PK\u0003\u0004 not a zip'))).rejects.toBeInstanceOf(ZipReadError);
    await expect(readZip(new Uint8Array(10))).rejects.toThrow('no end of central directory');
  });
});
