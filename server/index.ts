import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { createTranslator } from './i18n';

const translator = createTranslator();

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const key = error.kind === 'productionSandbox' ? 'server:productionSandbox' : 'server:configInvalid';
    console.error(translator.t(key, { details: error.details, providers: error.details }));
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config);
  await migrate(database.db);
  const app = await buildApp({ config, database, translator });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', (s) => void shutdown(s));
  process.once('SIGTERM', (s) => void shutdown(s));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const url = config.PUBLIC_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  console.log(translator.t('server:listening', { url }));
  if (config.SMS_PROVIDER === 'sandbox') console.log(translator.t('server:sandboxNotice', { url: `${url}/sandbox/sms` }));
}

main().catch((error: unknown) => {
  console.error(translator.t('server:startFailed', { reason: error instanceof Error ? error.message : String(error) }));
  process.exit(1);
});
