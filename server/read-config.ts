import { ConfigError, loadConfig, type Config } from './config';
import type { Translator } from './i18n';

/**
 * The environment's configuration, as the server and the command-line tools read it: a refused one is said
 * in Chinese on standard error and the process exits 1.
 */
export function readConfigOrExit(translator: Translator, env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const keys = {
      invalid: 'server:configInvalid',
      productionSandbox: 'server:productionSandbox',
      sharedKeysMissing: 'server:sharedKeysMissing',
      trustProxyAll: 'server:trustProxyAll',
    } as const;
    console.error(translator.t(keys[error.kind], { details: error.details, providers: error.details, names: error.details }));
    process.exit(1);
  }
}
