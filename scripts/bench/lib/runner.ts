/**
 * The tiny runner behind `npm run bench`: sections run one after another, each with its own clean-up steps
 * (servers, browsers, temporary directories) that run when the section ends, fails or the run is interrupted.
 * Figures are printed, never judged: only a section that could not run at all makes the exit code non-zero.
 */
export type CleanupStep = () => Promise<void> | void;

export interface BenchContext {
  /** Registers a clean-up step; steps run in reverse order at the end of the section, even on failure. */
  defer(step: CleanupStep): void;
  /** Measuring time of each load test, in seconds (BENCH_SECONDS, default 5). */
  readonly seconds: number;
  /** Rebuild the web app even when dist/web exists (`npm run bench -- --build`). */
  readonly forceBuild: boolean;
}

export interface BenchSection {
  /** Short name to run only some sections: `npm run bench -- api`. */
  readonly id: string;
  readonly title: string;
  run(ctx: BenchContext): Promise<void>;
}

export interface RunOptions {
  seconds: number;
  forceBuild: boolean;
}

const pending: CleanupStep[] = [];
let cleaning: Promise<void> | null = null;

/** Single flight: an interrupt during a section's own clean-up waits for the same run instead of racing it. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (pending.length > 0) {
      const step = pending.pop();
      try {
        await step?.();
      } catch (error) {
        console.error(`bench: clean-up step failed: ${describe(error)}`);
      }
    }
  })().finally(() => {
    cleaning = null;
  });
  return cleaning;
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

let interrupted = false;
function onSignal(signal: NodeJS.Signals): void {
  if (interrupted) process.exit(130); // a second Ctrl-C does not wait for the clean-up
  interrupted = true;
  console.error(`\nbench: ${signal}, stopping what was started...`);
  void cleanUp().finally(() => process.exit(130));
}

/** Runs every section; returns the exit code (1 when a section could not run). */
export async function runSections(sections: readonly BenchSection[], options: RunOptions): Promise<number> {
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const failed: string[] = [];
  const started = Date.now();
  for (const section of sections) {
    console.log(`\n== ${section.title} ==`);
    const ctx: BenchContext = {
      defer: (step) => void pending.push(step),
      seconds: options.seconds,
      forceBuild: options.forceBuild,
    };
    try {
      await section.run(ctx);
    } catch (error) {
      failed.push(section.title);
      console.log(`!! could not run: ${describe(error)}`);
    } finally {
      await cleanUp();
    }
  }
  const total = ((Date.now() - started) / 1000).toFixed(0);
  if (failed.length > 0) {
    console.log(`\nbench: ${failed.length} section(s) could not run: ${failed.join('; ')} (${total} s)`);
    return 1;
  }
  console.log(`\nbench: done in ${total} s (figures only; times never fail the build)`);
  return 0;
}
