import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { openPglite, openPostgres, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { JobQueue, type JobRow } from './queue';

const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => quiet,
  level: 'silent',
} as unknown as FastifyBaseLogger;

/** A promise and its resolver (Promise.withResolvers needs Node 22). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const jobRow = (database: Database, id: number) =>
  database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('job queue', () => {
  // Opening and migrating PGlite takes most of the time on a busy machine.
  it('releases the lease of a job interrupted by stop, for another process to take at once', { timeout: 120_000 }, async () => {
    const database = await openPglite();
    try {
      await migrate(database.db);
      const queue = new JobQueue(database.db, systemClock, quiet);
      const started = deferred<JobRow>();
      queue.register({
        kind: 'slow',
        leaseSeconds: 600,
        timeoutSeconds: 600,
        // Runs until the queue stops it.
        run: (job, { signal }) =>
          new Promise<void>((_, reject) => {
            started.resolve(job);
            signal.addEventListener('abort', () => reject(signal.reason as Error));
          }),
        giveUp: async () => {},
      });
      const id = await queue.enqueue(database.db, 'slow', {});
      queue.start(1, 600_000);
      await started.promise;
      const running = await jobRow(database, id);
      expect(running).toMatchObject({ state: 'running', attempts: 1 });
      expect(running.lease_until).not.toBeNull();

      await queue.stop();
      const released = await jobRow(database, id);
      // Queued again, the interrupted attempt not counted, no lease: the next claim of any worker takes it.
      expect(released).toMatchObject({ state: 'queued', attempts: 0, lease_until: null });
      const other = new JobQueue(database.db, systemClock, quiet);
      other.register({ kind: 'slow', leaseSeconds: 60, timeoutSeconds: 60, run: async () => {}, giveUp: async () => {} });
      expect((await other.claim())?.id).toBe(id);
    } finally {
      await database.close();
    }
  });

  it('does not lose a wake-up that arrives while every slot is busy in a claim that found nothing', { timeout: 120_000 }, async () => {
    const database = await openPglite();
    const queue = new JobQueue(database.db, systemClock, quiet);
    try {
      await migrate(database.db);
      const ran = deferred<number>();
      queue.register({
        kind: 'late',
        leaseSeconds: 60,
        timeoutSeconds: 60,
        run: (job) => Promise.resolve(ran.resolve(job.id)),
        giveUp: async () => {},
      });
      // The only slot's first claim sees an empty queue; a job commits and its wake-up arrives before that
      // claim returns (the race LISTEN/NOTIFY hits under load). Polling every ten minutes: only the
      // remembered wake-up can start the job within the test's time limit.
      const realClaim = queue.claim.bind(queue);
      let enqueued: number | null = null;
      queue.claim = async () => {
        const job = await realClaim();
        if (enqueued === null) {
          enqueued = await queue.enqueue(database.db, 'late', {});
          queue.poke();
        }
        return job;
      };
      queue.start(1, 600_000);
      expect(await ran.promise).toBe(enqueued);
    } finally {
      await queue.stop();
      await database.close();
    }
  });

  // Two queues with connections of their own stand for two processes on one PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)(
    'wakes a worker of another process through LISTEN/NOTIFY, not its poll',
    { timeout: 60_000 },
    async () => {
      const url = process.env.DATABASE_URL ?? '';
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const first = openPostgres({ url, searchPath: schema, max: 2 });
      const second = openPostgres({ url, searchPath: schema, max: 2 });
      const worker = new JobQueue(second.db, systemClock, quiet, second);
      try {
        await migrate(first.db);
        const producer = new JobQueue(first.db, systemClock, quiet, first);
        const ran = deferred<number>();
        worker.register({
          kind: 'wake',
          leaseSeconds: 60,
          timeoutSeconds: 60,
          run: (job) => Promise.resolve(ran.resolve(job.id)),
          giveUp: async () => {},
        });
        // Polling every ten minutes: only the notification can start the job within the test's time limit.
        worker.start(1, 600_000);
        await worker.whenListening();
        // Enqueued inside a transaction: the wake-up is sent at its commit.
        const id = await first.db.transaction().execute((trx) => producer.enqueue(trx, 'wake', { n: 1 }));
        expect(await ran.promise).toBe(id);
      } finally {
        await worker.stop();
        await first.close();
        await second.close();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
    },
  );
});
