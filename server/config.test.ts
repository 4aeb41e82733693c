import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { PasswordHasher } from './modules/auth/password';
import { ConfigError, isAddressOrRange, loadConfig, retiredDeskVariables, sandboxProviders, testConfig } from './config';

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

  it('sizes the embedded database buffer cache: 32 MB by default, 1 to 4096 MB', () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS_MB).toBe(32);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '256' }).PGLITE_SHARED_BUFFERS_MB).toBe(256);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: 'lots' })).toThrow(ConfigError);
  });

  it("hashes passwords at OWASP's scrypt cost by default, refuses a lower one in production, and keeps the cost in the hash", async () => {
    expect(loadConfig({}).PASSWORD_SCRYPT_LOG_N).toBe(17);
    expect(() => loadConfig({ PASSWORD_SCRYPT_LOG_N: '9' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_MODE: 'production', PASSWORD_SCRYPT_LOG_N: '12' })).toThrow(/PASSWORD_SCRYPT_LOG_N=12/);
    const low = new PasswordHasher(12);
    const stored = await low.hash('Passw0rd-1');
    expect(stored).toMatch(/^scrypt\$N=4096,r=8,p=1\$/);
    // A hash of another cost verifies, and is made again at the configured one.
    const production = new PasswordHasher(loadConfig({}).PASSWORD_SCRYPT_LOG_N);
    expect(await production.verify('Passw0rd-1', stored)).toBe(true);
    expect(production.needsRehash(stored)).toBe(true);
    expect(low.needsRehash(stored)).toBe(false);
  });

  it('reads every switch the same way: true or 1 on, false, 0 or empty off, anything else refused at start', () => {
    for (const name of ['S3_FORCE_PATH_STYLE', 'S3_DIRECT_DOWNLOADS', 'CAPTURE_ALLOW_PRIVATE'] as const) {
      expect(loadConfig({})[name]).toBe(false);
      for (const on of ['true', '1']) expect(loadConfig({ [name]: on })[name]).toBe(true);
      for (const off of ['false', '0', '']) expect(loadConfig({ [name]: off })[name]).toBe(false);
      for (const bad of ['yes', 'TRUE', ' 1']) expect(() => loadConfig({ [name]: bad })).toThrow(new RegExp(name));
    }
    // Unset or empty, the answer check follows the mode (on in sandbox mode, off in production).
    expect(loadConfig({}).CHECK_RESPONSES).toBeUndefined();
    expect(loadConfig({ CHECK_RESPONSES: '' }).CHECK_RESPONSES).toBeUndefined();
    expect(loadConfig({ CHECK_RESPONSES: '0' }).CHECK_RESPONSES).toBe(false);
    expect(loadConfig({ CHECK_RESPONSES: 'true' }).CHECK_RESPONSES).toBe(true);
    expect(() => loadConfig({ CHECK_RESPONSES: 'on' })).toThrow(/CHECK_RESPONSES/);
  });

  it('chooses the storage: local by default, S3 with its bucket, endpoint and path style', () => {
    expect(loadConfig({})).toMatchObject({
      STORAGE: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      S3_DIRECT_DOWNLOADS: false,
    });
    expect(loadConfig({}).S3_ENDPOINT).toBeUndefined();
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'evidence',
        S3_REGION: 'cn-north-1',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_DIRECT_DOWNLOADS: '1',
      }),
    ).toMatchObject({
      STORAGE: 's3',
      S3_BUCKET: 'evidence',
      S3_REGION: 'cn-north-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: true,
      S3_DIRECT_DOWNLOADS: true,
    });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: '' }).S3_ENDPOINT).toBeUndefined();
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 'gcs' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('knows the address other processes reach it at (INTERNAL_URL): default on its port, an origin otherwise', () => {
    expect(loadConfig({}).INTERNAL_URL).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PORT: '3000' }).INTERNAL_URL).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ INTERNAL_URL: 'http://10.0.0.5:3000/' }).INTERNAL_URL).toBe('http://10.0.0.5:3000');
    expect(loadConfig({ INTERNAL_URL: ' ' }).INTERNAL_URL).toBe('http://127.0.0.1:8080');
    for (const bad of ['10.0.0.5:3000', 'ftp://10.0.0.5', 'http://10.0.0.5:3000/api', 'http://a:b@10.0.0.5', 'http://10.0.0.5/?x=1']) {
      expect(() => loadConfig({ INTERNAL_URL: bad }), bad).toThrow(/INTERNAL_URL/);
    }
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

  it('validates the order lifetime', () => {
    expect(loadConfig({}).ORDER_TTL_SECONDS).toBe(1800);
    expect(loadConfig({ ORDER_TTL_SECONDS: '600' }).ORDER_TTL_SECONDS).toBe(600);
    expect(() => loadConfig({ ORDER_TTL_SECONDS: '5' })).toThrow(/ORDER_TTL_SECONDS/);
  });

  it('retires the desk variables: any value starts, none is a sandbox, each is named for the warning at start', () => {
    const old = { KYC_REVIEW_PROVIDER: 'sandbox', NOTARY_PROVIDER: 'staff', INVOICE_PROVIDER: 'office' };
    expect(sandboxProviders(loadConfig(old)).join()).not.toMatch(/KYC_REVIEW|NOTARY|INVOICE/);
    try {
      loadConfig({ APP_MODE: 'production', ...old });
      expect.unreachable();
    } catch (error) {
      // Only the outside parties left as sandboxes are named (SMS, payments, face).
      expect((error as ConfigError).details).not.toMatch(/KYC_REVIEW|NOTARY|INVOICE/);
      expect((error as ConfigError).details).toContain('SMS_PROVIDER=sandbox');
    }
    expect(retiredDeskVariables(old)).toEqual(['KYC_REVIEW_PROVIDER=sandbox', 'NOTARY_PROVIDER=staff', 'INVOICE_PROVIDER=office']);
    expect(retiredDeskVariables({ KYC_REVIEW_PROVIDER: ' ' })).toEqual([]);
    expect(retiredDeskVariables({})).toEqual([]);
  });

  it('reads the staff session idle limit: 30 minutes by default, 1 minute to a day', () => {
    expect(loadConfig({}).STAFF_SESSION_IDLE_MINUTES).toBe(30);
    expect(loadConfig({ STAFF_SESSION_IDLE_MINUTES: '15' }).STAFF_SESSION_IDLE_MINUTES).toBe(15);
    for (const bad of ['0', '1441', 'half', '2.5']) {
      expect(() => loadConfig({ STAFF_SESSION_IDLE_MINUTES: bad }), bad).toThrow(/STAFF_SESSION_IDLE_MINUTES/);
    }
  });

  describe('several machines on one PostgreSQL', () => {
    const url = 'postgres://u:p@db.internal:5432/evidence';
    const logKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const kycKey = randomBytes(32).toString('base64');

    const kindOf = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return null;
      } catch (error) {
        return error instanceof ConfigError ? { kind: error.kind, details: error.details } : error;
      }
    };

    it('refuses DATABASE_URL without both shared keys, naming the missing ones', () => {
      expect(kindOf({ DATABASE_URL: url })).toEqual({ kind: 'sharedKeysMissing', details: 'LOG_SIGNING_KEY, KYC_ENCRYPTION_KEY' });
      expect(kindOf({ DATABASE_URL: url, LOG_SIGNING_KEY: logKey })).toEqual({ kind: 'sharedKeysMissing', details: 'KYC_ENCRYPTION_KEY' });
      expect(kindOf({ DATABASE_URL: url, KYC_ENCRYPTION_KEY: kycKey, LOG_SIGNING_KEY: '  ' })).toEqual({
        kind: 'sharedKeysMissing',
        details: 'LOG_SIGNING_KEY',
      });
    });

    it('starts with both keys, and without DATABASE_URL the embedded database keeps its key files', () => {
      expect(loadConfig({ DATABASE_URL: url, LOG_SIGNING_KEY: logKey, KYC_ENCRYPTION_KEY: kycKey }).DATABASE_URL).toBe(url);
      expect(kindOf({})).toBeNull();
      // The API suite on PostgreSQL builds its config with testConfig (DATABASE_URL is read by the test helper).
      expect(testConfig().DATABASE_URL).toBeUndefined();
    });
  });

  describe('TRUST_PROXY', () => {
    it('reads on, off and lists of proxies', () => {
      expect(loadConfig({}).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8' }).TRUST_PROXY).toEqual([
        '10.0.0.0/8',
        '127.0.0.1',
        '::1',
        'fd00::/8',
      ]);
    });

    it('refuses what is not an address or range', () => {
      for (const bad of ['yes', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', 'lb.internal', '10.0.0.0/', '127.0.0.1,nope']) {
        expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
      }
      expect(isAddressOrRange('192.168.1.0/24')).toBe(true);
      expect(isAddressOrRange('300.1.1.1')).toBe(false);
    });

    it('refuses true in production, accepts a list there', () => {
      const kindOf = (env: NodeJS.ProcessEnv) => {
        try {
          loadConfig(env);
          return null;
        } catch (error) {
          return (error as ConfigError).kind;
        }
      };
      expect(kindOf({ APP_MODE: 'production', TRUST_PROXY: 'true' })).toBe('trustProxyAll');
      expect(kindOf({ APP_MODE: 'production', TRUST_PROXY: '1' })).toBe('trustProxyAll');
      // A list passes this rule (production is then refused for its sandbox providers, the only ones that exist).
      expect(kindOf({ APP_MODE: 'production', TRUST_PROXY: '10.0.0.0/8' })).toBe('productionSandbox');
      expect(kindOf({ APP_MODE: 'sandbox', TRUST_PROXY: 'true' })).toBeNull();
    });
  });
});
