// `npm run verify -- package.zip [more files]`: the offline proof package's command-line verifier. The same
// checks as verify.html, with the same shared code (proof/package): file hash, audit path, checkpoint
// signature, the RFC 3161 token and consistency to the latest checkpoint. Prints each step of each record in
// the default language (its proof-package.json); exits 0 when every step of every record passed, 1 when one failed
// (naming it), 2 when the files cannot be read.
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyText, verifyFiles, type RecordVerdict, type VerifierCopy } from '../proof/package/index';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function loadCopy(): Promise<VerifierCopy> {
  const { default: language } = JSON.parse(await readFile(join(root, 'locales/languages.json'), 'utf8')) as { default: string };
  return JSON.parse(await readFile(join(root, 'locales', language, 'proof-package.json'), 'utf8')) as VerifierCopy;
}

export interface CliResult {
  code: 0 | 1 | 2;
  lines: string[];
  verdicts: RecordVerdict[];
}

/** The report of one record: its title, each step with passed/failed and the reason, then the failed steps. */
function report(copy: VerifierCopy, verdict: RecordVerdict): string[] {
  if (!verdict.proof) return [copyText(copy, 'unreadableProof', { source: verdict.source })];
  const lines = [copyText(copy, 'recordTitle', { baoquan: verdict.proof.record.baoquan })];
  for (const step of verdict.steps) {
    const mark = copyText(copy, step.ok ? 'passed' : 'failed');
    lines.push(
      `  [${mark}] ${copyText(copy, `steps.${step.step}`)} (${step.step}): ${copyText(copy, `reasons.${step.reason}`, step.values)}`,
    );
  }
  const failed = verdict.steps.filter((s) => !s.ok).map((s) => `${copyText(copy, `steps.${s.step}`)} (${s.step})`);
  lines.push(
    failed.length
      ? copyText(copy, 'cli.failedSteps', { steps: failed.join(copyText(copy, 'separator')) })
      : copyText(copy, 'cli.allPassed'),
  );
  return lines;
}

/**
 * Verifies the given files (a package zip, or proof.json with the evidence file). `--key-id HEX` (repeatable) pins the
 * platform's published checkpoint keys: a checkpoint signed by any other key fails its step.
 */
export async function verifyPaths(args: readonly string[]): Promise<CliResult> {
  const copy = await loadCopy();
  const paths: string[] = [];
  const trustedKeyIds: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--key-id' || arg.startsWith('--key-id=')) {
      const value = arg === '--key-id' ? (args[++i] ?? '') : arg.slice('--key-id='.length);
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return { code: 2, lines: [copyText(copy, 'cli.keyIdInvalid', { value })], verdicts: [] };
      trustedKeyIds.push(value.toLowerCase());
    } else paths.push(arg);
  }
  if (paths.length === 0) return { code: 2, lines: [copyText(copy, 'cli.usage')], verdicts: [] };
  const files = [];
  for (const path of paths) {
    try {
      files.push({ name: basename(path), bytes: new Uint8Array(await readFile(resolve(path))) });
    } catch (error) {
      return { code: 2, lines: [copyText(copy, 'cli.unreadable', { file: path, detail: (error as Error).message })], verdicts: [] };
    }
  }
  let verdicts: RecordVerdict[];
  try {
    verdicts = await verifyFiles(files, { trustedKeyIds });
  } catch (error) {
    return { code: 2, lines: [copyText(copy, 'zipBroken', { detail: (error as Error).message })], verdicts: [] };
  }
  if (verdicts.length === 0) return { code: 2, lines: [copyText(copy, 'noProof')], verdicts };
  const lines = verdicts.flatMap((verdict) => report(copy, verdict));
  return { code: verdicts.every((v) => v.ok) ? 0 : 1, lines, verdicts };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await verifyPaths(process.argv.slice(2));
  for (const line of result.lines) (result.code === 2 ? console.error : console.log)(line);
  process.exitCode = result.code;
}
