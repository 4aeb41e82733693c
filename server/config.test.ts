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

  it('chooses the storage (issue 17): local by default, S3 with its bucket, endpoint and path style', () => {
    expect(loadConfig({})).toMatchObject({ STORAGE: 'local', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, S3_DIRECT_DOWNLOADS: false });
    expect(loadConfig({}).S3_ENDPOINT).toBeUndefined();
    expect(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'evidence', S3_REGION: 'cn-north-1', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', S3_DIRECT_DOWNLOADS: '1' }),
    ).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'evidence', S3_REGION: 'cn-north-1', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: true, S3_DIRECT_DOWNLOADS: true });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: '' }).S3_ENDPOINT).toBeUndefined();
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 'gcs' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
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
