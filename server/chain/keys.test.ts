import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyFromPem, LOG_KEY_FILE, loadOrCreateKey, signText, verifyText } from './keys';
import { checkpointText } from '../../contracts/index';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('checkpoint signatures (Ed25519)', () => {
  it('verify with the public key and fail when the text or the key changes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'log-key-'));
    dirs.push(dir);
    const key = await loadOrCreateKey(dir);
    const text = checkpointText({ treeSize: 3, rootHash: 'ab'.repeat(32), timestamp: '2025-01-06T01:00:00.000Z' });
    expect(text).toBe(`evidence-log-v1\n3\n${'ab'.repeat(32)}\n2025-01-06T01:00:00.000Z`);
    const signature = signText(key, text);
    expect(verifyText(key.publicKeyRaw, text, signature)).toBe(true);
    expect(verifyText(key.publicKeyRaw, text.replace('\n3\n', '\n4\n'), signature)).toBe(false);
    expect(verifyText(key.publicKeyRaw, `${text} `, signature)).toBe(false);
    const other = keyFromPem(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    expect(verifyText(other.publicKeyRaw, text, signature)).toBe(false);
    expect(Buffer.from(key.publicKeyRaw, 'base64')).toHaveLength(32);
    expect(key.keyId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('persists the key in DATA_DIR/keys with mode 0600 and reads the same key again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'log-key-'));
    dirs.push(dir);
    const first = await loadOrCreateKey(dir);
    const file = join(dir, 'keys', LOG_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateKey(dir);
    expect(again.keyId).toBe(first.keyId);
    // A configured key (one line with \n escapes, as env files carry it) is the same key.
    const oneLine = (await readFile(file, 'utf8')).replace(/\n/g, '\\n');
    expect(keyFromPem(oneLine).keyId).toBe(first.keyId);
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => keyFromPem(rsa)).toThrow(/Ed25519/);
  });
});
