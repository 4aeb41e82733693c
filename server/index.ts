import { buildApp } from './app';
import { openDatabase } from './db/database';
import { FolderLockedError } from './db/folder-lock';
import { scheduleEmbeddedVacuum } from './db/maintenance';
import { migrate } from './db/migrate';
import { openStore } from './files/stores';
import { checkUncheckedFiles } from './modules/evidence/file-presence';
import { sweepDataDir } from './files/sweep';
import { createTranslator } from './i18n';
import { retiredDeskVariables } from './config';
import { readConfigOrExit } from './read-config';

const translator = createTranslator();

async function main(): Promise<void> {
  const config = readConfigOrExit(translator);
  const database = await openDatabase(config);
  await migrate(database.db);
  const app = await buildApp({ config, database, translator });

  // Crash sweep: what a killed process left (temporary files, objects whose row never committed,
  // capture working folders) goes before the first request, then again every FILE_SWEEP_INTERVAL_SECONDS.
  const sweep = async () => {
    const report = await sweepDataDir(database.db, config.DATA_DIR, {
      orphanGraceMs: config.FILE_ORPHAN_GRACE_SECONDS * 1000,
      tempStaleMs: config.FILE_TEMP_STALE_SECONDS * 1000,
      open: (name) => openStore(config, name),
    });
    app.log.info({ sweep: report }, 'file sweep done');
  };
  // A sweep that fails (a folder it may not read) is logged, never a reason not to serve.
  const sweepLogged = () => sweep().catch((error: unknown) => app.log.error({ err: error }, 'file sweep failed'));
  await sweepLogged();
  const sweeper =
    config.FILE_SWEEP_INTERVAL_SECONDS > 0 ? setInterval(() => void sweepLogged(), config.FILE_SWEEP_INTERVAL_SECONDS * 1000) : null;
  sweeper?.unref();
  const stopVacuum = scheduleEmbeddedVacuum(database, config.PGLITE_VACUUM_INTERVAL_SECONDS * 1000, (error) =>
    app.log.error({ err: error }, 'embedded database vacuum failed'),
  );

  // Graceful shutdown: stop accepting connections (the load balancer's next /readyz fails and it
  // routes elsewhere), let in-flight requests finish, stop the job queue (running jobs are aborted and their
  // leases released for another process), close the database, exit 0. Past SHUTDOWN_GRACE_SECONDS: exit 1.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second Ctrl-C: do not wait any longer.
      process.exit(1);
    }
    closing = true;
    const seconds = config.SHUTDOWN_GRACE_SECONDS;
    console.log(translator.t('server:shuttingDown', { signal, seconds }));
    setTimeout(() => {
      console.error(translator.t('server:shutdownDeadline', { seconds }));
      process.exit(1);
    }, seconds * 1000);
    if (sweeper) clearInterval(sweeper);
    stopVacuum();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    console.log(translator.t('server:shutdownDone'));
    process.exit(0);
  };
  process.on('SIGINT', (s) => void shutdown(s));
  process.on('SIGTERM', (s) => void shutdown(s));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const url = config.PUBLIC_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  console.log(translator.t('server:listening', { url }));
  // From the process's start (module loading included) to accepting connections.
  console.log(translator.t('server:startedIn', { ms: Math.round(process.uptime() * 1000) }));
  // Records from before `evidence.file_present` are checked against the store once, after the start
  // (it does not delay serving); until then they are asked about per row, so a failure costs speed, not correctness.
  void checkUncheckedFiles(database.db, openStore(config, 'main')).catch((error: unknown) =>
    app.log.error({ err: error }, 'file presence check failed'),
  );
  if (config.SMS_PROVIDER === 'sandbox') console.log(translator.t('server:sandboxNotice', { url: `${url}/sandbox/sms` }));
  const retired = retiredDeskVariables(process.env);
  if (retired.length > 0) console.warn(translator.t('server:retiredDeskVariables', { names: retired.join(', '), url: `${url}/staff` }));
}

main().catch((error: unknown) => {
  const reason =
    error instanceof FolderLockedError
      ? translator.t(error.messageKey, { dir: error.dir, pid: error.pid })
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(translator.t('server:startFailed', { reason }));
  process.exit(1);
});
