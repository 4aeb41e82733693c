// Precompresses the built web app: next to every file whose type compresses (JS, CSS, HTML, SVG,
// JSON, text, fonts other than WOFF2, WebAssembly), writes `<file>.br` (brotli, quality 11) and `<file>.gz`
// (gzip, level 9) when they are smaller than the file by at least 5% and 256 bytes; otherwise removes stale
// ones. The server (@fastify/static with preCompressed) sends the sibling the client's Accept-Encoding prefers.
// Images, WOFF2 and archives are already compressed and are skipped.
// Run by vite's `precompress` plugin (vite.config.ts) after every build, and by the server at start for HTML
// files written after the build (prerendered pages) that have no fresh siblings yet.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Extensions worth compressing; everything else is sent as it is. */
export const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html|svg|json|map|txt|xml|webmanifest|ico|ttf|otf|eot|wasm)$/i;
const MIN_SAVING_BYTES = 256;
const MAX_RATIO = 0.95;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

const worthIt = (original: Buffer, packed: Buffer) =>
  packed.length <= original.length * MAX_RATIO && original.length - packed.length >= MIN_SAVING_BYTES;

/** Whether `sibling` exists and is at least as new as `file`. */
const fresh = (file: string, sibling: string) => existsSync(sibling) && statSync(sibling).mtimeMs >= statSync(file).mtimeMs;

/**
 * Compresses the files of `dir` matched by `filter` (default: every compressible file). `onlyStale`: leaves a
 * file whose .br and .gz are already newer than it (the server's start-up pass over HTML written after the
 * build). Returns counts and bytes for the log.
 */
export interface CompressSummary {
  files: number;
  compressed: number;
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

export function compressTree(
  dir: string,
  {
    filter = (path: string) => COMPRESSIBLE.test(path),
    onlyStale = false,
  }: { filter?: (path: string) => boolean; onlyStale?: boolean } = {},
): CompressSummary {
  const summary = { files: 0, compressed: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  if (!existsSync(dir)) return summary;
  for (const file of filesUnder(dir)) {
    if (file.endsWith('.br') || file.endsWith('.gz') || !filter(file)) continue;
    summary.files += 1;
    if (onlyStale && fresh(file, `${file}.br`) && fresh(file, `${file}.gz`)) continue;
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(data, { level: 9 });
    summary.bytes += data.length;
    for (const [suffix, packed] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (worthIt(data, packed)) {
        writeFileSync(file + suffix, packed);
        if (suffix === '.br') summary.brBytes += packed.length;
        else summary.gzBytes += packed.length;
      } else rmSync(file + suffix, { force: true });
    }
    if (worthIt(data, gz) || worthIt(data, br)) summary.compressed += 1;
  }
  return summary;
}
