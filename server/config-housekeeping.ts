import { z } from 'zod';

/**
 * The environment of the server's background housekeeping, each run on a timer in every process: the crash sweep of
 * stored files, the embedded database's vacuum, and the deletion of cancelled accounts. Part of the configuration
 * schema (server/config.ts).
 */
/** PostgreSQL's buffer cache in the embedded database, in MB, unless PGLITE_SHARED_BUFFERS_MB says otherwise (PGlite's own: 160). */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;

export const housekeepingEnv = {
  /**
   * Crash sweep (server/files/sweep.ts): a stored object no row names is deleted once it is older than this
   * (an upload's row commits moments after its object is written; 0 only where one process owns DATA_DIR).
   */
  FILE_ORPHAN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .default(24 * 3600),
  /** A temporary file whose owner cannot be checked (another host or container) is removed when untouched this long. */
  FILE_TEMP_STALE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .default(3600),
  /** The sweep runs at start and then every this many seconds; 0: only at start. */
  FILE_SWEEP_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(6 * 3600),
  /** The embedded database has no autovacuum: VACUUM (ANALYZE) a minute after the start, then this often (s); 0: never. */
  PGLITE_VACUUM_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(3600),
  /**
   * The embedded database's buffer cache (PostgreSQL's shared_buffers), MB. PGlite zero-fills it at every start, so
   * its default of 160 MB cost about 200 ms of start-up; pages it does not hold are read from the disk
   * (the operating system's cache) on use.
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  /** Account cancellation: days between the confirmed request and the deletion, during which it may be withdrawn. */
  ACCOUNT_CANCEL_COOLING_OFF_DAYS: z.coerce.number().int().min(0).max(365).default(15),
  /** The deletion job of due cancellations runs every this many seconds on every process (rows are claimed); 0: never. */
  ACCOUNT_CANCEL_JOB_SECONDS: z.coerce.number().int().min(0).max(604_800).default(3600),
};
