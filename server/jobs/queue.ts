// Our own rather than pg-boss or graphile-worker: those need a PostgreSQL server (LISTEN/NOTIFY, several connections), and this queue must also run on embedded PGlite.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { DB, JobsTable } from '../db/schema';

export type JobRow = Selectable<JobsTable>;
type Db = Kysely<DB> | Transaction<DB>;

export interface JobContext {
  /** Aborted when the job runs past its hard limit or the queue stops: the handler must let go. */
  signal: AbortSignal;
}

export interface JobHandler {
  kind: string;
  /** How long a claim holds before another worker may take the job again (renewed while the job runs). */
  leaseSeconds: number;
  /** Hard limit of one run; the signal is aborted then, and the run counts as failed. */
  timeoutSeconds: number;
  /**
   * Does the work. Must be idempotent over attempts: a run may die half-way (crash, lease lost) and run
   * again, so it records its result in one transaction that also calls `complete` for the job.
   */
  run(job: JobRow, context: JobContext): Promise<void>;
  /** Called once when the job will never run again (attempts used up): record the failure for the user. */
  giveUp(job: JobRow, error: string): Promise<void>;
}

const RETRY_DELAY_MS = 5_000;
/** The PostgreSQL channel on which an enqueued job wakes the workers of every process. */
export const JOBS_CHANNEL = 'evidence_jobs';

/** The reason a running job's signal is aborted with when its queue stops: the job is left to its lease. */
export class JobsStopped extends Error {
  constructor() {
    super('job queue stopped');
  }
}

/**
 * A jobs table worked with SELECT ... FOR UPDATE SKIP LOCKED (DESIGN.md section 5): in-process by default,
 * any number of worker processes on PostgreSQL. A claimed job holds a lease that its worker renews; a job
 * whose worker died is 'running' with a lease in the past, and the next claim takes it again (a new attempt).
 */
export class JobQueue {
  readonly #handlers = new Map<string, JobHandler>();
  #running = 0;
  /** A wake-up arrived while every slot was busy (see poke). */
  #pokedWhileBusy = false;
  #concurrency = 0;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #controllers = new Set<AbortController>();
  /** Ids of the jobs this process is running: their leases are released when the queue stops. */
  readonly #runningIds = new Set<number>();
  #listening: Promise<(() => Promise<void>) | null> = Promise.resolve(null);

  /**
   * `wake`: the database's LISTEN/NOTIFY (PostgreSQL): an enqueue then wakes the workers of every process at
   * its commit, not only at their next poll. Without it (PGlite, one process) `poke` wakes this process.
   */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly wake?: Pick<Database, 'listen'>,
  ) {}

  register(handler: JobHandler): void {
    this.#handlers.set(handler.kind, handler);
  }

  /** Adds a job (inside the caller's transaction when given, so the job exists exactly when its reason does). */
  async enqueue(db: Db, kind: string, payload: Record<string, unknown>, options: { maxAttempts?: number } = {}): Promise<number> {
    const now = this.clock.now();
    const row = await db
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(payload),
        max_attempts: options.maxAttempts ?? 3,
        run_after: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Inside the caller's transaction PostgreSQL delivers this at commit: never a wake-up for a job rolled back.
    if (this.wake?.listen) await sql`SELECT pg_notify(${JOBS_CHANNEL}, ${kind})`.execute(db);
    return row.id;
  }

  /** Marks a job done; called by handlers inside the transaction that records their result. */
  async complete(db: Db, id: number): Promise<void> {
    await db.updateTable('jobs').set({ state: 'done', lease_until: null, updated_at: this.clock.now() }).where('id', '=', id).execute();
  }

  /** Jobs waiting before this one (for the queue pages). */
  async ahead(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', ['queued', 'running'])
      .where('id', '<', id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Takes the oldest job that is due, or whose lease ran out, and leases it to this worker. A job whose
   * attempts are used up is not run again: it is failed and its handler told (giveUp).
   */
  async claim(): Promise<JobRow | null> {
    for (;;) {
      const now = this.clock.now();
      const kinds = [...this.#handlers.keys()];
      if (kinds.length === 0) return null;
      const leaseSeconds = Math.max(...[...this.#handlers.values()].map((h) => h.leaseSeconds));
      const claimed = await this.db.transaction().execute(async (trx) => {
        const candidate = await sql<JobRow>`
          SELECT * FROM jobs
          WHERE kind IN (${sql.join(kinds)})
            AND ((state = 'queued' AND run_after <= ${now}) OR (state = 'running' AND lease_until < ${now}))
          ORDER BY id
          LIMIT 1
          FOR UPDATE SKIP LOCKED`.execute(trx);
        const job = candidate.rows[0];
        if (!job) return null;
        if (job.attempts >= job.max_attempts) {
          await trx
            .updateTable('jobs')
            .set({ state: 'failed', lease_until: null, last_error: job.last_error ?? 'lease expired', updated_at: now })
            .where('id', '=', job.id)
            .execute();
          return { job, exhausted: true };
        }
        const lease = this.#handlers.get(job.kind)?.leaseSeconds ?? leaseSeconds;
        const updated = await trx
          .updateTable('jobs')
          .set((eb) => ({
            state: 'running',
            attempts: eb('attempts', '+', 1),
            lease_until: new Date(now.getTime() + lease * 1000),
            updated_at: now,
          }))
          .where('id', '=', job.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { job: updated, exhausted: false };
      });
      if (!claimed) return null;
      if (!claimed.exhausted) return claimed.job;
      await this.#giveUp(claimed.job, claimed.job.last_error ?? 'lease expired');
    }
  }

  /** Claims and runs one job; false when none was due. */
  async runOnce(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.#run(job);
    return true;
  }

  /** Runs due jobs until none is left (tests, the bench). */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOnce()) n++;
    return n;
  }

  /** Works the queue in this process with `concurrency` jobs at once, looking every `pollMs` and at each `poke`. */
  start(concurrency: number, pollMs = 1000): void {
    if (concurrency <= 0 || this.#timer) return;
    this.#concurrency = concurrency;
    this.#stopped = false;
    this.#timer = setInterval(() => this.poke(), pollMs);
    this.#timer.unref();
    const listen = this.wake?.listen;
    if (listen) {
      this.#listening = listen(
        JOBS_CHANNEL,
        () => this.poke(),
        (error) => this.log.warn({ err: error }, 'job queue: wake-up connection lost, listening again'),
      ).catch((error: unknown) => {
        this.log.error({ err: error }, 'job queue: cannot listen for wake-ups, polling only');
        return null;
      });
    }
    this.poke();
  }

  /** Resolves once wake-ups from other processes reach this one (at once without LISTEN/NOTIFY). */
  async whenListening(): Promise<void> {
    await this.#listening;
  }

  /** Something was enqueued: fill the free worker slots now instead of at the next poll. */
  poke(): void {
    if (this.#stopped || !this.#timer) return;
    // Every slot busy: a loop may be inside a claim that began before this job committed and will find
    // nothing; the flag makes it look once more instead of losing the wake-up until the next poll.
    if (this.#running >= this.#concurrency) this.#pokedWhileBusy = true;
    while (this.#running < this.#concurrency) {
      this.#running++;
      const loop = this.#loop().finally(() => {
        this.#running--;
        this.#inFlight.delete(loop);
      });
      this.#inFlight.add(loop);
    }
  }

  async #loop(): Promise<void> {
    try {
      while (!this.#stopped) {
        this.#pokedWhileBusy = false;
        if (await this.runOnce()) continue;
        if (!this.#pokedWhileBusy) break;
      }
    } catch (error) {
      this.log.error({ err: error }, 'job queue: claim failed');
    }
  }

  /**
   * Stops claiming, aborts running jobs and waits for them, then releases their leases: each goes back to
   * 'queued' (the interrupted attempt not counted) for another process to take at once, instead of after
   * its lease ran out. A job that finished meanwhile keeps its state.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    const unlisten = await this.#listening;
    this.#listening = Promise.resolve(null);
    await unlisten?.();
    for (const controller of this.#controllers) controller.abort(new JobsStopped());
    const interrupted = [...this.#runningIds];
    await Promise.allSettled([...this.#inFlight]);
    if (interrupted.length > 0) await this.#release(interrupted);
  }

  async #release(ids: number[]): Promise<void> {
    try {
      const now = this.clock.now();
      await this.db.transaction().execute(async (trx) => {
        const released = await trx
          .updateTable('jobs')
          .set((eb) => ({
            state: 'queued',
            lease_until: null,
            run_after: now,
            updated_at: now,
            attempts: sql<number>`GREATEST(${eb.ref('attempts')} - 1, 0)`,
          }))
          .where('id', 'in', ids)
          .where('state', '=', 'running')
          .returning('id')
          .execute();
        if (released.length > 0 && this.wake?.listen) await sql`SELECT pg_notify(${JOBS_CHANNEL}, 'released')`.execute(trx);
      });
    } catch (error) {
      // The database went first: the leases run out on their own and another worker takes the jobs then.
      this.log.warn({ err: error, jobs: ids }, 'job queue: releasing leases failed');
    }
  }

  async #run(job: JobRow): Promise<void> {
    const handler = this.#handlers.get(job.kind);
    if (!handler) return;
    const controller = new AbortController();
    this.#controllers.add(controller);
    this.#runningIds.add(job.id);
    const hardLimit = setTimeout(
      () => controller.abort(new Error(`job ran past ${handler.timeoutSeconds} s`)),
      handler.timeoutSeconds * 1000,
    );
    // The lease is renewed while the job runs, so only a dead worker's job is taken again.
    const renew = setInterval(
      () => {
        const until = new Date(this.clock.now().getTime() + handler.leaseSeconds * 1000);
        this.db
          .updateTable('jobs')
          .set({ lease_until: until })
          .where('id', '=', job.id)
          .where('state', '=', 'running')
          .execute()
          .catch((error: unknown) => this.log.warn({ err: error, job: job.id }, 'job queue: lease renewal failed'));
      },
      (handler.leaseSeconds * 1000) / 3,
    );
    try {
      await handler.run(job, { signal: controller.signal });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (this.#stopped) return;
      this.log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      const now = this.clock.now();
      const last = job.attempts >= job.max_attempts;
      await this.db
        .updateTable('jobs')
        .set({
          state: last ? 'failed' : 'queued',
          lease_until: null,
          last_error: text.slice(0, 2000),
          run_after: new Date(now.getTime() + RETRY_DELAY_MS * job.attempts),
          updated_at: now,
        })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .execute();
      if (last) await this.#giveUp(job, text);
    } finally {
      clearTimeout(hardLimit);
      clearInterval(renew);
      this.#controllers.delete(controller);
      this.#runningIds.delete(job.id);
    }
  }

  async #giveUp(job: JobRow, error: string): Promise<void> {
    try {
      await this.#handlers.get(job.kind)?.giveUp(job, error);
    } catch (failure) {
      this.log.error({ err: failure, job: job.id }, 'job queue: giveUp failed');
    }
  }
}
