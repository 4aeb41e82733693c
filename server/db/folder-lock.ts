import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * One process at a time opens an embedded database folder: PGlite keeps its own state in memory and writes the
 * folder as if it were alone, so a second process (a second `npm start`, or `npm run staff` beside a running
 * server) would write over the first one's changes and neither would see the other's. The model is PostgreSQL's
 * postmaster.pid: a file beside the folder names the process that holds it, and a file whose process is gone (a
 * kill -9, a power cut) is taken over rather than refused.
 */

/** What the lock file holds: the owner's pid, and its start time where the system tells it (pid reuse). */
interface Owner {
  pid: number;
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat); null elsewhere. */
  started: string | null;
}

/** Refused: another live process holds the folder. Its message is a translation key with `dir` and `pid`. */
export class FolderLockedError extends Error {
  readonly messageKey = 'server:databaseFolderLocked';
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`the database folder ${dir} is in use by process ${pid}`);
  }
}

/** Locks held by this process (lock file → its content): a second open in this process is refused too. */
const held = new Map<string, string>();
let exitHookSet = false;

function startTimeOf(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(text: string): Owner | null {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    return typeof value.pid === 'number' && Number.isInteger(value.pid) && value.pid > 0
      ? { pid: value.pid, started: typeof value.started === 'string' ? value.started : null }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether the recorded owner still runs: its pid is alive, is not this process (a container's server is pid 1
 * at every start, and this process holds no lock there), and where start times are known, started when recorded
 * (a pid reused by another process after a crash is not the owner).
 */
function ownerRuns(owner: Owner): boolean {
  if (owner.pid === process.pid) return false;
  if (!isAlive(owner.pid)) return false;
  if (owner.started === null) return true;
  const started = startTimeOf(owner.pid);
  return started === null || started === owner.started;
}

/**
 * Takes the lock of the database folder `dir` (the file `${dir}.lock`), or throws FolderLockedError while a live
 * process holds it. The file is written whole under a temporary name and linked into place, which fails when the
 * lock exists: no reader sees half a lock, and of two processes starting together exactly one gets it.
 * Answers the function that releases it (also released when the process exits normally).
 */
export function lockDatabaseFolder(dir: string): () => void {
  const file = `${resolve(dir)}.lock`;
  if (held.has(file)) throw new FolderLockedError(resolve(dir), process.pid);
  const content = JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid) } satisfies Owner);
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temporary, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      }
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // Released meanwhile.
      }
      const owner = parse(text);
      if (owner && ownerRuns(owner)) throw new FolderLockedError(resolve(dir), owner.pid);
      // A dead owner's lock (or an unreadable one, which a complete write never leaves): moved aside, and only
      // removed when what was moved is still that stale content (another process may have taken over meanwhile).
      const aside = `${file}.${process.pid}.stale`;
      try {
        renameSync(file, aside);
      } catch {
        continue;
      }
      if (readFileSync(aside, 'utf8') !== text) {
        try {
          linkSync(aside, file);
        } catch {
          // Someone else's lock is in place again.
        }
      }
      rmSync(aside, { force: true });
    }
  } finally {
    rmSync(temporary, { force: true });
  }
  held.set(file, content);
  if (!exitHookSet) {
    exitHookSet = true;
    process.on('exit', () => {
      for (const path of held.keys()) removeIfOurs(path);
    });
  }
  return () => {
    if (!held.has(file)) return;
    removeIfOurs(file);
  };
}

function removeIfOurs(file: string): void {
  const content = held.get(file);
  held.delete(file);
  try {
    if (readFileSync(file, 'utf8') === content) rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
}
