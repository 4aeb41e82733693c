import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  APP_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  PUBLIC_URL: optionalText.pipe(z.string().url().optional()),
  BANNER_TITLE: z.string().default(''),
  // Only the sandbox gateway exists so far; a real one is added here when a contract with a vendor exists.
  SMS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Behind a load balancer, take the client address from X-Forwarded-For (needed by per-address limits). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(
    readonly kind: 'invalid' | 'productionSandbox',
    readonly details: string,
  ) {
    super(`${kind}: ${details}`);
  }
}

/** Names of the sandbox providers in use; production must have none. */
export function sandboxProviders(config: Config): string[] {
  return config.SMS_PROVIDER === 'sandbox' ? ['SMS_PROVIDER=sandbox'] : [];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}=${JSON.stringify(env[String(issue.path[0])] ?? '')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError('invalid', details);
  }
  const sandboxes = sandboxProviders(parsed.data);
  if (parsed.data.APP_MODE === 'production' && sandboxes.length > 0) {
    throw new ConfigError('productionSandbox', sandboxes.join(', '));
  }
  return parsed.data;
}

/** A configuration for tests and tools: defaults plus overrides, without reading the environment. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...overrides });
}
