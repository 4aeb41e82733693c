import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      APP_MODE: 'sandbox',
      BANNER_TITLE: '',
      SMS_PROVIDER: 'sandbox',
    });
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_MODE: 'prod' })).toThrow(ConfigError);
  });

  it('refuses production with a sandbox provider', () => {
    try {
      loadConfig({ APP_MODE: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).kind).toBe('productionSandbox');
      expect((error as ConfigError).details).toContain('SMS_PROVIDER=sandbox');
      expect((error as ConfigError).details).toContain('PAYMENT_PROVIDER=sandbox');
    }
  });

  it('validates the order lifetime (issue 6)', () => {
    expect(loadConfig({}).ORDER_TTL_SECONDS).toBe(1800);
    expect(loadConfig({ ORDER_TTL_SECONDS: '600' }).ORDER_TTL_SECONDS).toBe(600);
    expect(() => loadConfig({ ORDER_TTL_SECONDS: '5' })).toThrow(/ORDER_TTL_SECONDS/);
  });
});
