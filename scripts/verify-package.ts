// `npm run verify -- package.zip [more files]`: the offline proof package's command-line verifier. The same
// checks as verify.html, with the same shared code (proof/package): file hash, audit path, checkpoint
// signature, the RFC 3161 token and consistency to the latest checkpoint. Prints each step of each record in
// the language of the environment (environmentLanguage) or of `--lang <code>`, from that language's
// proof-package.json; exits 0 when every step of every record passed, 1 when one failed (naming it), 2 when the files
// cannot be read or an option is wrong.
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageForRanges, type LanguageList } from '../contracts/language';
import { copyText, verifyFiles, type RecordVerdict, type VerifierCopy } from '../proof/package/index';

const root = fileURLToPath(new URL('..', import.meta.url));

const readLanguages = async (): Promise<LanguageList> =>
  JSON.parse(await readFile(join(root, 'locales/languages.json'), 'utf8')) as LanguageList;

/**
 * The language a terminal speaks: the first set of LC_ALL, LC_MESSAGES and LANG (POSIX's order for messages), its
 * locale name read as a language tag (`en_US.UTF-8` is en-US, so en; `zh_CN.UTF-8` is zh-CN) and matched as the
 * server matches Accept-Language. None set, or `C` / `POSIX`, gives the default language.
 */
export function environmentLanguage(env: NodeJS.ProcessEnv, list: LanguageList): string {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value) ?? '';
  const tag = (locale.split(/[.@]/)[0] ?? '').replace(/_/g, '-');
  if (!tag || tag === 'C' || tag === 'POSIX') return list.default;
  return languageForRanges([tag], list);
}

/** The verifier's copy in `language` (a supported one). */
export async function loadCopy(language?: string): Promise<VerifierCopy> {
  const chosen = language ?? (await readLanguages()).default;
  return JSON.parse(await readFile(join(root, 'locales', chosen, 'proof-package.json'), 'utf8')) as VerifierCopy;
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

/** The value of `--name value` or `--name=value` at `args[i]`, with the index of the last argument it used; null when not that option. */
function option(args: readonly string[], i: number, name: string): { value: string; last: number } | null {
  const arg = args[i]!;
  if (arg === name) return { value: args[i + 1] ?? '', last: i + 1 };
  if (arg.startsWith(`${name}=`)) return { value: arg.slice(name.length + 1), last: i };
  return null;
}

/**
 * Verifies the given files (a package zip, or proof.json with the evidence file). `--key-id HEX` (repeatable) pins the
 * platform's published checkpoint keys: a checkpoint signed by any other key fails its step. `--lang CODE` (a
 * supported language) chooses the report's language over the environment's.
 */
export async function verifyPaths(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  const languages = await readLanguages();
  let language = environmentLanguage(env, languages);
  for (let i = 0; i < args.length; i++) {
    const lang = option(args, i, '--lang');
    if (!lang) continue;
    if (!languages.supported.includes(lang.value)) {
      const copy = await loadCopy(language);
      const supported = languages.supported.join(copyText(copy, 'separator'));
      return { code: 2, lines: [copyText(copy, 'cli.langInvalid', { value: lang.value, languages: supported })], verdicts: [] };
    }
    language = lang.value;
    i = lang.last;
  }
  const copy = await loadCopy(language);
  const paths: string[] = [];
  const trustedKeyIds: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const lang = option(args, i, '--lang');
    if (lang) {
      i = lang.last;
    } else if (arg === '--key-id' || arg.startsWith('--key-id=')) {
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
