import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('data preservation settings', () => {
  it('have safe defaults', () => {
    const config = loadConfig({});
    expect(config.UPLOAD_MAX_BYTES).toBe(5 * 1024 ** 3);
    expect(config.FILE_LINK_TTL_SECONDS).toBe(300);
    expect(config.STORAGE_HOST_SWAP).toBe('');
    expect(config.EXPLORER_URL_TEMPLATE).toBe('/explorer/{chainhash}');
    expect(config.LOG_SIGNING_KEY).toBeUndefined();
    expect(config.CHROMIUM_PATH).toBe('/usr/bin/chromium');
  });

  it('accept valid values and refuse bad ones naming the variable', () => {
    expect(
      loadConfig({
        STORAGE_HOST_SWAP: 'a.oss.example.com>b.cos.example.com',
        EXPLORER_URL_TEMPLATE: 'https://chain.example.com/tx/{chainhash}',
      }),
    ).toMatchObject({
      STORAGE_HOST_SWAP: 'a.oss.example.com>b.cos.example.com',
      EXPLORER_URL_TEMPLATE: 'https://chain.example.com/tx/{chainhash}',
    });
    for (const [name, value] of [
      ['UPLOAD_MAX_BYTES', '0'],
      ['UPLOAD_MAX_BYTES', 'lots'],
      ['FILE_LINK_TTL_SECONDS', '1'],
      ['STORAGE_HOST_SWAP', 'only-one-host'],
      ['EXPLORER_URL_TEMPLATE', '/explorer/'],
      ['EXPLORER_URL_TEMPLATE', 'javascript:alert({chainhash})'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      try {
        loadConfig({ [name]: value });
      } catch (error) {
        expect((error as ConfigError).details).toContain(name);
      }
    }
  });
});
