import type { ServerModule } from '../../module';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { storageReachable } from '../../files/stores';
import { databaseReady, migrationsReady, storageReady, withTimeout, type CheckResult } from './checks';

export interface HealthOptions {
  db: Kysely<DB>;
  config: Pick<Config, 'DATA_DIR'>;
  /** Storage reachability; defaults to the data folder being writable (an object store passes its own). */
  storageReady?: () => Promise<CheckResult>;
}

const settle = (work: () => Promise<CheckResult>): Promise<CheckResult> => withTimeout(work()).catch((): CheckResult => 'fail');

/**
 * Probes for load balancers and orchestrators, plain JSON (not the API envelope), never cached:
 * `GET /healthz` answers 200 while the process runs (liveness); `GET /readyz` answers 200 when the database
 * answers, every migration is applied and storage is writable (and the bucket answers, with STORAGE=s3), 503 with the failing checks otherwise.
 */
export function registerHealthRoutes(app: FastifyInstance, options: HealthOptions): void {
  const storage = options.storageReady ?? (() => storageReady(options.config.DATA_DIR));
  // Probed every few seconds: their request lines would drown the log.
  const routeOptions = { logLevel: 'warn' as const };

  app.get('/healthz', routeOptions, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', routeOptions, async (_request, reply) => {
    const [database, storageResult] = await Promise.all([settle(() => databaseReady(options.db)), settle(storage)]);
    const migrations = database === 'ok' ? await settle(() => migrationsReady(options.db)) : 'fail';
    const checks = { database, migrations, storage: storageResult };
    const ready = Object.values(checks).every((result) => result === 'ok');
    void reply.header('cache-control', 'no-store').status(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks };
  });
}

/** Liveness and readiness probes as a server module (listed in app.ts like every other). */
export const healthModule: ServerModule = {
  name: 'health',
  register(app, ctx) {
    const { config } = ctx;
    registerHealthRoutes(app, {
      db: ctx.db,
      config,
      // The data folder stays in use with S3 (keys, capture work folders, temporary files), so both count.
      storageReady: async () => {
        await storageReachable(config);
        return storageReady(config.DATA_DIR);
      },
    });
  },
};
