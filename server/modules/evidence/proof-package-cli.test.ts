import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import type { Checkpoint, ProofPackage } from '../../../contracts/index';
import { readZip, type ZipEntry } from '../../../proof/package/index';
import { environmentLanguage, verifyPaths } from '../../../scripts/verify-package';
import { buildNodes, consistencyPath, leafHash, lookupIn, rootHash } from '../../chain/merkle';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get, PDF_BYTES, PNG_BYTES, preserve } from '../../test-support/uploads';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../../languages';
import { copyText, copyTextIn } from '../../test-support/copy';

/**
 * `npm run verify -- package.zip` on a real package, and on copies with each kind of tampering the
 * verifier must catch: every one makes the step it breaks fail, by name, and the exit code non-zero.
 */
const run = promisify(execFile);
/** The process's environment with no language of its own (`C`): the verifier speaks the default language. */
const NO_LANGUAGE = { ...process.env, LC_ALL: 'C' };
/** A terminal whose locale is `locale` (LC_ALL and LC_MESSAGES unset, as on most systems). */
const terminal = (locale: string) => ({ ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: locale });
let t: TestApp;
let entries: ZipEntry[];
let fileName: string;
let otherToken: string;
let keyId: string;

async function downloadZip(token: string, id: number): Promise<Uint8Array> {
  const link = await t.post<{ url: string }>('/api/data/downProofPackage', { ids: String(id) }, token);
  expect(link.body.code, link.body.msg).toBe(200);
  const response = await t.app.inject({ method: 'GET', url: link.body.data.url });
  expect(response.statusCode).toBe(200);
  return new Uint8Array(response.rawPayload);
}

beforeAll(async () => {
  t = await createTestApp();
  const alice = await register(t, '13600136001');
  await preserve(t, alice.token, { name: 'first.png', content: PNG_BYTES });
  const a = await preserve(t, alice.token, { name: '合同.pdf', content: PDF_BYTES });
  // The first package timestamps the checkpoint of size 2; two more records grow the log to 4.
  await downloadZip(alice.token, a.id);
  await preserve(t, alice.token, { name: 'b.png', content: PNG_BYTES });
  const c = await preserve(t, alice.token, { name: 'c.png', content: PNG_BYTES });
  entries = await readZip(await downloadZip(alice.token, a.id));
  fileName = '合同.pdf';
  // c's package timestamps the newest checkpoint (size 4): its token covers other data than a's checkpoint.
  await downloadZip(alice.token, c.id);
  const latest = await get<Checkpoint>(t, '/api/chain/checkpoint');
  otherToken = latest.body.data.timestampToken!;
  keyId = latest.body.data.keyId;
}, 120_000);
afterAll(() => t.close());

function zipOf(files: readonly ZipEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const file of files) zip.addBuffer(Buffer.from(file.bytes), file.name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const proofOf = (files: readonly ZipEntry[]): ProofPackage =>
  JSON.parse(new TextDecoder().decode(files.find((f) => f.name === 'proof.json')!.bytes)) as ProofPackage;

/** A copy of the package with proof.json and/or the evidence file changed, written to disk. */
async function tampered(name: string, change: { proof?: (p: ProofPackage) => void; file?: (bytes: Uint8Array) => void }): Promise<string> {
  const copy = entries.map((e) => ({ name: e.name, bytes: e.bytes.slice() }));
  const proofEntry = copy.find((e) => e.name === 'proof.json')!;
  if (change.proof) {
    const proof = proofOf(copy);
    change.proof(proof);
    proofEntry.bytes = new TextEncoder().encode(JSON.stringify(proof));
  }
  if (change.file) change.file(copy.find((e) => e.name === fileName)!.bytes);
  const path = join(t.dataDir, `${name}.zip`);
  await writeFile(path, await zipOf(copy));
  return path;
}

async function failedSteps(path: string, extra: string[] = []) {
  const result = await verifyPaths([path, ...extra], NO_LANGUAGE);
  return { code: result.code, failed: result.verdicts.flatMap((v) => v.steps.filter((s) => !s.ok).map((s) => s.step)), result };
}

const flipHex = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

describe('npm run verify (the command-line verifier)', () => {
  it('passes an untouched package, as a process too, exit 0', { timeout: 60_000 }, async () => {
    const path = await tampered('untouched', {});
    const inProcess = await failedSteps(path, ['--key-id', keyId]);
    expect(inProcess.code).toBe(0);
    expect(inProcess.failed).toEqual([]);
    expect(proofOf(entries).consistency.proof.length).toBeGreaterThan(0);
    const { stdout } = await run('node', ['--import', 'tsx', 'scripts/verify-package.ts', path], { cwd: process.cwd(), env: NO_LANGUAGE });
    expect(stdout).toContain(copyText('proof-package:cli.allPassed'));
    for (const step of [
      copyText('fields:filehash'),
      copyText('proof-package:steps.auditPath'),
      copyText('proof-package:steps.signature'),
      copyText('proof-package:steps.timestamp'),
      copyText('proof-package:steps.consistency'),
    ])
      expect(stdout).toContain(`[${copyText('proof-package:passed')}] ${step}`);
  });

  it("speaks the terminal's language (LC_ALL, LC_MESSAGES, LANG); --lang wins", { timeout: 60_000 }, async () => {
    const path = await tampered('untouched-language', {});
    const verify = (env: NodeJS.ProcessEnv, extra: string[] = []) =>
      run('node', ['--import', 'tsx', 'scripts/verify-package.ts', path, ...extra], { cwd: process.cwd(), env });
    const english = (await verify(terminal('en_US.UTF-8'))).stdout;
    expect(english).toContain(copyTextIn('en', 'proof-package:cli.allPassed'));
    for (const step of ['auditPath', 'signature', 'timestamp', 'consistency'])
      expect(english).toContain(
        `[${copyTextIn('en', 'proof-package:passed')}] ${copyTextIn('en', `proof-package:steps.${step}`)} (${step})`,
      );
    expect(english).not.toMatch(/\p{Script=Han}/u);
    const chinese = (await verify(terminal('zh_CN.UTF-8'))).stdout;
    expect(chinese).toContain(copyTextIn('zh-CN', 'proof-package:cli.allPassed'));
    expect((await verify(terminal('en_US.UTF-8'), ['--lang', 'zh-CN'])).stdout).toBe(chinese);
    expect((await verify(terminal('zh_CN.UTF-8'), ['--lang=en'])).stdout).toBe(english);
    const wrong = await verify(terminal('en_US.UTF-8'), ['--lang', 'xx']).catch((e: { code: number; stderr: string }) => e);
    expect(wrong).toMatchObject({ code: 2 });
    expect((wrong as { stderr: string }).stderr).toContain(
      copyTextIn('en', 'proof-package:cli.langInvalid', {
        value: 'xx',
        languages: SUPPORTED_LANGUAGES.join(copyTextIn('en', 'proof-package:separator')),
      }),
    );
  });

  it('reads the locale name as a language tag, matched as Accept-Language is', () => {
    const list = { default: DEFAULT_LANGUAGE, supported: SUPPORTED_LANGUAGES, fallback: FALLBACK_LANGUAGE };
    expect(environmentLanguage({ LANG: 'en_US.UTF-8' }, list)).toBe('en');
    expect(environmentLanguage({ LANG: 'en_GB.UTF-8@euro' }, list)).toBe('en');
    expect(environmentLanguage({ LANG: 'zh_CN.UTF-8' }, list)).toBe('zh-CN');
    expect(environmentLanguage({ LANG: 'zh_TW.UTF-8' }, list)).toBe('zh-CN');
    expect(environmentLanguage({ LC_ALL: 'en_US.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' }, list)).toBe('en');
    expect(environmentLanguage({ LC_ALL: '', LC_MESSAGES: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' }, list)).toBe('en');
    for (const none of [{}, { LANG: 'C' }, { LANG: 'C.UTF-8' }, { LANG: 'POSIX' }, { LC_ALL: '' }])
      expect(environmentLanguage(none, list)).toBe(DEFAULT_LANGUAGE);
    // A language not supported: the list's fallback, as for a browser that asks only for such languages.
    expect(environmentLanguage({ LANG: 'de_DE.UTF-8' }, list)).toBe(FALLBACK_LANGUAGE ?? DEFAULT_LANGUAGE);
  });

  it('a changed file byte fails the file hash; the process exits non-zero naming it', { timeout: 60_000 }, async () => {
    const path = await tampered('file-byte', { file: (bytes) => void (bytes[3] = bytes[3]! ^ 1) });
    expect(await failedSteps(path)).toMatchObject({ code: 1, failed: ['fileHash'] });
    const error = await run('node', ['--import', 'tsx', 'scripts/verify-package.ts', path], { env: NO_LANGUAGE }).catch(
      (e: { code: number; stdout: string }) => e,
    );
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stdout: string }).stdout).toContain(copyText('proof-package:cli.failedSteps', { steps: '文件哈希 (fileHash)' }));
  });

  it('a changed audit path node fails the audit path', async () => {
    const path = await tampered('audit-path', { proof: (p) => void (p.auditPath[0] = flipHex(p.auditPath[0]!)) });
    expect(await failedSteps(path)).toMatchObject({ code: 1, failed: ['auditPath'] });
  });

  it('a changed checkpoint field fails the checkpoint signature', async () => {
    const path = await tampered('checkpoint-field', { proof: (p) => void (p.checkpoint.timestamp = '2030-01-01T00:00:00.000Z') });
    const { code, failed, result } = await failedSteps(path);
    expect({ code, failed }).toEqual({ code: 1, failed: ['signature'] });
    expect(result.verdicts[0]!.steps[2]!.reason).toBe('signedTextMismatch');
  });

  it('a signature from another key fails the checkpoint signature', async () => {
    const other = generateKeyPairSync('ed25519');
    const raw = other.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    const signWith = (p: ProofPackage) => sign(null, Buffer.from(p.checkpoint.signedText, 'utf8'), other.privateKey).toString('base64');
    // Signed by another key, the platform's key still named: the signature does not hold.
    const signature = await tampered('other-key-signature', { proof: (p) => void (p.checkpoint.signature = signWith(p)) });
    expect(await failedSteps(signature)).toMatchObject({ code: 1, failed: ['signature'] });
    // The other key put in too, the fingerprint kept: the key is not the one the checkpoint names.
    const key = await tampered('other-key', {
      proof: (p) => Object.assign(p.checkpoint, { signature: signWith(p), publicKey: raw.toString('base64') }),
    });
    expect(await failedSteps(key)).toMatchObject({ code: 1, failed: ['signature'] });
    // Everything replaced, fingerprint too: not one of the platform's published keys.
    const all = await tampered('other-key-all', {
      proof: (p) =>
        Object.assign(p.checkpoint, {
          signature: signWith(p),
          publicKey: raw.toString('base64'),
          keyId: createHash('sha256').update(raw).digest('hex'),
        }),
    });
    const pinned = await failedSteps(all, [`--key-id=${keyId}`]);
    expect(pinned).toMatchObject({ code: 1, failed: ['signature'] });
    expect(pinned.result.verdicts[0]!.steps[2]!.reason).toBe('keyNotTrusted');
  });

  it('a token for other data fails the timestamp', async () => {
    const path = await tampered('other-token', { proof: (p) => void (p.checkpoint.timestampToken = otherToken) });
    const { code, failed, result } = await failedSteps(path);
    expect({ code, failed }).toEqual({ code: 1, failed: ['timestamp'] });
    expect(result.verdicts[0]!.steps[3]!.reason).toBe('tsa_imprint');
  });

  it('a consistency proof between unrelated trees fails the consistency step', async () => {
    const p = proofOf(entries);
    // A real proof, of another log with as many leaves.
    const leaves = Array.from({ length: p.consistency.second }, (_, i) => leafHash(`unrelated ${i}`));
    const node = lookupIn(buildNodes(leaves));
    const unrelated = {
      first: p.consistency.first,
      second: p.consistency.second,
      firstRootHash: rootHash(p.consistency.first, node).toString('hex'),
      secondRootHash: rootHash(p.consistency.second, node).toString('hex'),
      proof: consistencyPath(p.consistency.first, p.consistency.second, node).map((b) => b.toString('hex')),
    };
    const whole = await tampered('unrelated-consistency', { proof: (q) => void (q.consistency = unrelated) });
    expect(await failedSteps(whole)).toMatchObject({ code: 1, failed: ['consistency'] });
    // Its nodes under this package's roots: not a proof of this log.
    const nodes = await tampered('unrelated-nodes', { proof: (q) => void (q.consistency.proof = unrelated.proof) });
    const { code, failed, result } = await failedSteps(nodes);
    expect({ code, failed }).toEqual({ code: 1, failed: ['consistency'] });
    expect(result.verdicts[0]!.steps[4]!.reason).toBe('consistencyInvalid');
  });

  it("如何验证.md's openssl step accepts the package's token against its authority root", async (context) => {
    const found = await run('openssl', ['version']).catch(() => null);
    if (!found) return context.skip();
    const p = proofOf(entries);
    const dir = join(t.dataDir, 'openssl');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'token.tst'), Buffer.from(p.checkpoint.timestampToken!, 'base64'));
    await writeFile(join(dir, 'checkpoint.txt'), p.checkpoint.signedText);
    const der = p.timestampAuthority.certificates[0]!;
    await writeFile(
      join(dir, 'tsa-root.pem'),
      `-----BEGIN CERTIFICATE-----\n${der.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`,
    );
    const howto = new TextDecoder().decode(entries.find((e) => e.name === copyText('proof-package:howtoFile'))!.bytes);
    const command = 'openssl ts -verify -data checkpoint.txt -in token.tst -token_in -CAfile tsa-root.pem';
    expect(howto).toContain(command);
    const { stdout } = await run('openssl', command.split(' ').slice(1), { cwd: dir });
    expect(stdout).toContain('Verification: OK');
  });

  it('no package, a broken zip, a bad key id: exit 2 with the reason', async () => {
    expect((await verifyPaths([], NO_LANGUAGE)).code).toBe(2);
    const broken = join(t.dataDir, 'broken.zip');
    await writeFile(broken, Buffer.from('PK\u0003\u0004 not really a zip'));
    const result = await verifyPaths([broken], NO_LANGUAGE);
    expect(result.code).toBe(2);
    expect(result.lines[0]).toContain(copyText('proof-package:zipBroken', { detail: '' }));
    expect((await verifyPaths([broken, '--key-id', 'xyz'], NO_LANGUAGE)).lines[0]).toContain('--key-id');
    expect((await verifyPaths([join(t.dataDir, 'nothing-here.zip')], NO_LANGUAGE)).code).toBe(2);
  });
});
