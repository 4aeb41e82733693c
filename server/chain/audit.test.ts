import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoint, ConsistencyProof } from '../../contracts/index';
import { verifyConsistencyProof } from '../../proof/merkle/index';
import { testConfig } from '../config';
import { openTimestampAuthority } from '../providers/tsa';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { register } from '../test-support/flows';
import { get, PDF_BYTES, preserve } from '../test-support/uploads';
import { loadLogKey } from './keys';
import { TransparencyLog } from './log';
import { verifyConsistency } from './merkle';
import { CheckpointTimestamper } from './timestamps';
import { copyText, validationText } from '../test-support/copy';

/** Consistency proofs between the log's real checkpoints, and the public list of checkpoints. */
let t: TestApp;
let log: TransparencyLog;
let timestamps: CheckpointTimestamper;

beforeAll(async () => {
  t = await createTestApp();
  // The same log (key from DATA_DIR) and sandbox authority as the app's.
  log = new TransparencyLog(t.db, t.clock, await loadLogKey(testConfig({ DATA_DIR: t.dataDir })));
  timestamps = new CheckpointTimestamper(t.db, log, () => openTimestampAuthority(null, t.db, t.clock), t.clock, true);
}, 60_000);
afterAll(async () => t.close());
beforeEach(async () => t.reset());

interface Page {
  total: number;
  list: Checkpoint[];
}

const pdf = (i: number) => ({ name: `r${i}.pdf`, content: Buffer.concat([PDF_BYTES, Buffer.from(`record ${i}`)]) });

/** Preserves `http` records through the API, then appends `direct` more entries straight to the log (a bigger tree, faster). */
async function grow(http: number, direct: number): Promise<number> {
  const { token } = await register(t, '13700137101');
  for (let i = 0; i < http; i++) await preserve(t, token, pdf(i));
  for (let i = 0; i < direct; i++) {
    t.clock.advance(1_000);
    await t.db
      .transaction()
      .execute((trx) =>
        log.append(trx, { baoquan: `BQTEST${i}`, filehash: `${i}`.padStart(64, '0'), time: t.clock.now(), owner: 'o'.repeat(64) }),
      );
  }
  return (await get<Checkpoint>(t, '/api/chain/checkpoint')).body.data.treeSize;
}

const checkpointAt = async (size: number) => (await get<Checkpoint>(t, `/api/chain/checkpoint?treeSize=${size}`)).body.data;
const hexBytes = (hex: string) => Buffer.from(hex, 'hex');
const verifyOnServer = (p: ConsistencyProof) =>
  verifyConsistency(p.first, p.second, hexBytes(p.firstRootHash), hexBytes(p.secondRootHash), p.proof.map(hexBytes));

describe('GET /api/chain/consistency', () => {
  it('proves every earlier checkpoint a prefix of every later one, as both verifiers check against the signed roots', async () => {
    const size = await grow(3, 14);
    expect(size).toBe(17);
    const signed = new Map<number, Checkpoint>();
    for (let n = 1; n <= size; n++) signed.set(n, await checkpointAt(n));
    for (let n = 1; n <= size; n++) {
      for (let m = 1; m <= n; m++) {
        const reply = await get<ConsistencyProof>(t, `/api/chain/consistency?first=${m}&second=${n}`);
        expect(reply.status).toBe(200);
        const proof = reply.body.data;
        expect(proof).toMatchObject({
          first: m,
          second: n,
          firstRootHash: signed.get(m)!.rootHash,
          secondRootHash: signed.get(n)!.rootHash,
        });
        for (const hash of proof.proof) expect(hash).toMatch(/^[0-9a-f]{64}$/);
        if (m === n) expect(proof.proof).toEqual([]);
        expect(verifyOnServer(proof), `${m} -> ${n}`).toBe(true);
        expect(await verifyConsistencyProof(proof), `${m} -> ${n}`).toBe(true);
      }
    }
  });

  it('answers a proof that fails once anything in it is changed', async () => {
    await grow(2, 9);
    const proof = (await get<ConsistencyProof>(t, '/api/chain/consistency?first=3&second=11')).body.data;
    expect(proof.proof.length).toBeGreaterThan(1);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const spoiled: ConsistencyProof[] = [
      { ...proof, proof: [flip(proof.proof[0]!), ...proof.proof.slice(1)] },
      { ...proof, proof: proof.proof.slice(0, -1) },
      { ...proof, proof: [...proof.proof, proof.secondRootHash] },
      { ...proof, firstRootHash: flip(proof.firstRootHash) },
      { ...proof, secondRootHash: (await checkpointAt(10)).rootHash },
      { ...proof, first: proof.second, second: proof.first },
    ];
    for (const p of spoiled) {
      expect(verifyOnServer(p)).toBe(false);
      expect(await verifyConsistencyProof(p)).toBe(false);
    }
  });

  it('refuses hostile input with the envelope and a clear message, never a 500', async () => {
    await grow(3, 0);
    const cases: [string, string][] = [
      ['', validationText('required|first')],
      ['second=2', validationText('required|first')],
      ['first=1', validationText('required|second')],
      ['first=&second=2', validationText('required|first')],
      ['first=abc&second=2', validationText('invalid|first')],
      ['first=-1&second=2', validationText('invalid|first')],
      ['first=1.5&second=2', validationText('invalid|first')],
      ['first=1e1&second=20', validationText('invalid|first')],
      ['first=0x1&second=2', validationText('invalid|first')],
      ['first=1&first=2&second=2', validationText('invalid|first')],
      ['first=99999999999999999999&second=2', validationText('invalid|first')],
      ['first=1&second=9999999999999999', validationText('invalid|second')],
      ['first=0&second=2', validationText('treeSizePositive|first')],
      ['first=1&second=0', validationText('treeSizePositive|second')],
      ['first=3&second=2', copyText('preservation:consistencyOrder')],
      ['first=1&second=4', copyText('preservation:consistencyBeyondLog', { size: 3 })],
      ['first=4&second=4', copyText('preservation:consistencyBeyondLog', { size: 3 })],
    ];
    for (const [query, msg] of cases) {
      const reply = await get(t, `/api/chain/consistency?${query}`);
      expect({ query, status: reply.status, body: reply.body }).toEqual({ query, status: 400, body: { code: 400, msg, data: null } });
    }
    expect((await get(t, '/api/chain/consistency?first=%00&second=2')).body).toMatchObject({ code: 400 });
    // Spaces around a size are tolerated; equal sizes give the empty proof.
    expect((await get<ConsistencyProof>(t, '/api/chain/consistency?first=%202&second=2%20')).body.data.proof).toEqual([]);
  });
});

describe('GET /api/chain/checkpoints', () => {
  it('lists every signed checkpoint newest first, paged, with its timestamp token when it has one', async () => {
    const size = await grow(2, 21);
    expect(size).toBe(23);
    t.clock.advance(5_000);
    expect(await timestamps.tick()).toBe('stamped'); // size 23 now has a token

    const first = (await get<Page>(t, '/api/chain/checkpoints')).body.data;
    expect(first.total).toBe(23); // sizes 1..23: nobody asked for the empty tree's before the first record
    expect(first.list.map((c) => c.treeSize)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(first.list[0]!.timestampToken).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(first.list[0]).toEqual((await get<Checkpoint>(t, '/api/chain/checkpoint?treeSize=23')).body.data);
    for (const c of first.list.slice(1)) expect(c).toEqual({ ...(await checkpointAt(c.treeSize)), timestampToken: null });

    const third = (await get<Page>(t, '/api/chain/checkpoints?page=3')).body.data;
    expect(third.list.map((c) => c.treeSize)).toEqual([3, 2, 1]);
    expect((await get<Page>(t, '/api/chain/checkpoints?page=4')).body.data).toEqual({ total: 23, list: [] });
    const sized = (await get<Page>(t, '/api/chain/checkpoints?page=2&size=7')).body.data;
    expect(sized.list.map((c) => c.treeSize)).toEqual([16, 15, 14, 13, 12, 11, 10]);
    const all = (await get<Page>(t, '/api/chain/checkpoints?size=100')).body.data;
    expect(all.list.map((c) => c.treeSize)).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i));

    // Adjacent checkpoints of the list are consistent, as an auditor walking the history would check.
    for (const [newer, older] of all.list.slice(0, -1).map((c, i) => [c, all.list[i + 1]!] as const)) {
      const proof = (await get<ConsistencyProof>(t, `/api/chain/consistency?first=${older.treeSize}&second=${newer.treeSize}`)).body.data;
      expect({ ...proof, firstRootHash: older.rootHash, secondRootHash: newer.rootHash }).toEqual(proof);
      expect(await verifyConsistencyProof(proof)).toBe(true);
    }
  });

  it("includes the empty tree's checkpoint once it was signed", async () => {
    expect((await get<Page>(t, '/api/chain/checkpoints')).body.data).toMatchObject({ total: 1, list: [{ treeSize: 0 }] });
    await grow(2, 0);
    const page = (await get<Page>(t, '/api/chain/checkpoints?size=2')).body.data;
    expect(page.total).toBe(3);
    expect(page.list.map((c) => c.treeSize)).toEqual([2, 1]);
    expect((await get<Page>(t, '/api/chain/checkpoints?size=2&page=2')).body.data.list.map((c) => c.treeSize)).toEqual([0]);
  });

  it('refuses a bad page or size with a clear message', async () => {
    const cases: [string, string][] = [
      ['page=0', validationText('invalid|page')],
      ['page=-1', validationText('invalid|page')],
      ['page=abc', validationText('invalid|page')],
      ['page=1.5', validationText('invalid|page')],
      ['page=100001', validationText('invalid|page')],
      ['size=0', validationText('pageSizeRange|pageSize')],
      ['size=101', validationText('pageSizeRange|pageSize')],
      ['size=2.5', validationText('pageSizeRange|pageSize')],
      ['size=x', validationText('pageSizeRange|pageSize')],
    ];
    for (const [query, msg] of cases) {
      const reply = await get(t, `/api/chain/checkpoints?${query}`);
      expect({ query, status: reply.status, body: reply.body }).toEqual({ query, status: 400, body: { code: 400, msg, data: null } });
    }
  });
});
