import { describe, expect, it } from 'vitest';
import { decodePath, obfuscatePath, parseHostSwap, PATH_PREFIX_LENGTH } from './obfuscate';

describe('stored path obfuscation (spec sections 3 and 9)', () => {
  it('is 23 random characters then base64 with / written as *, and decodes back', () => {
    const paths = ['objects/ab/abcdef0123', 'https://bucket.oss-cn-hangzhou.aliyuncs.com/evidence/2025/证据.pdf', '', '???>>>'];
    for (const path of paths) {
      const stored = obfuscatePath(path);
      expect(stored.slice(0, PATH_PREFIX_LENGTH)).toMatch(/^[A-Za-z0-9]{23}$/);
      const body = stored.slice(PATH_PREFIX_LENGTH);
      expect(body).not.toContain('/');
      expect(body.replaceAll('*', '/')).toBe(Buffer.from(path, 'utf8').toString('base64'));
      expect(decodePath(stored)).toBe(path);
    }
    // '???>>>' encodes to base64 with slashes: they must come out as '*'.
    expect(obfuscatePath('???>>>').slice(PATH_PREFIX_LENGTH)).toContain('*');
  });

  it('uses a fresh random prefix each time', () => {
    const prefixes = new Set(Array.from({ length: 20 }, () => obfuscatePath('a').slice(0, PATH_PREFIX_LENGTH)));
    expect(prefixes.size).toBe(20);
  });

  it('swaps the configured storage host on decode, and nothing else', () => {
    const swap = parseHostSwap('old-bucket.oss-cn-hangzhou.aliyuncs.com>new-bucket.cos.ap-shanghai.myqcloud.com');
    expect(swap).toEqual({ from: 'old-bucket.oss-cn-hangzhou.aliyuncs.com', to: 'new-bucket.cos.ap-shanghai.myqcloud.com' });
    const stored = obfuscatePath('https://old-bucket.oss-cn-hangzhou.aliyuncs.com/evidence/a.png?x=1');
    expect(decodePath(stored, swap)).toBe('https://new-bucket.cos.ap-shanghai.myqcloud.com/evidence/a.png?x=1');
    expect(decodePath(stored)).toBe('https://old-bucket.oss-cn-hangzhou.aliyuncs.com/evidence/a.png?x=1');
    expect(decodePath(obfuscatePath('https://elsewhere.example.com/old-bucket.oss-cn-hangzhou.aliyuncs.com'), swap)).toBe(
      'https://elsewhere.example.com/old-bucket.oss-cn-hangzhou.aliyuncs.com',
    );
    expect(decodePath(obfuscatePath('objects/ab/cd'), swap)).toBe('objects/ab/cd');
    expect(parseHostSwap('')).toBeNull();
    expect(() => parseHostSwap('a>b>c')).toThrow();
  });

  it('answers null for text that is not an obfuscated path', () => {
    expect(decodePath('short')).toBeNull();
    expect(decodePath(`${'a'.repeat(23)}not base64!`)).toBeNull();
    expect(decodePath(`${'a'.repeat(23)}abc`)).toBeNull();
  });
});
