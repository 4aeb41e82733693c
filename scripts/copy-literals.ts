import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Tests read copy from the locale files; only tests/unit/spec-wording.test.ts holds wording the product spec
// mandates. This finds the test lines that spell copy out instead: a Han-character piece of a literal that equals a
// value of the default language's locale files, or is a piece of four or more characters of one. Test data (a
// person's name, an address typed in) matches no copy; a data value that collides with copy should be changed.

const HAN = /\p{Script=Han}/u;
const MIN_PART = 4;

export interface CopyLiteralHit {
  file: string;
  line: number;
  text: string;
  key: string;
}

export interface CopyLiteralOptions {
  root: string;
  /** The default language's locale directory, relative to root. */
  localeDir: string;
  /** Directories (relative to root) whose every .ts file is scanned. */
  allFilesIn: string[];
  /** Directories (relative to root) whose *.test.ts files are scanned. */
  testFilesIn: string[];
}

/** Every string value of a locale file, flattened to `ns:a.b` keys; the fixed parts between `{{placeholders}}`. */
interface LocaleValue {
  key: string;
  parts: string[];
  whole: string;
  /** A value with placeholders, as a pattern a rendered text matches (null when its fixed text is too short). */
  rendered: RegExp | null;
}

function localeValues(dir: string): LocaleValue[] {
  const values: LocaleValue[] = [];
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') {
      const parts = node
        .split(/\{\{[^}]*\}\}|\$t\([^)]*\)/)
        .map((part) => part.trim())
        .filter((part) => HAN.test(part));
      const placeholders = /\{\{[^}]*\}\}/g;
      const fixedHan = [...node.replace(placeholders, '')].filter((char) => HAN.test(char)).length;
      const rendered =
        placeholders.test(node) && fixedHan >= 3
          ? new RegExp(
              `^${node
                .trim()
                .split(placeholders)
                .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
                .join('.+?')}$`,
              'u',
            )
          : null;
      values.push({ key, parts, whole: node.trim(), rendered });
    } else if (node && typeof node === 'object') {
      for (const [name, child] of Object.entries(node)) walk(child, key.endsWith(':') ? key + name : `${key}.${name}`);
    }
  };
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json')) continue;
    walk(JSON.parse(readFileSync(join(dir, file), 'utf8')), `${file.slice(0, -'.json'.length)}:`);
  }
  return values;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path, keep));
    else if (keep(entry.name)) found.push(path);
  }
  return found;
}

/**
 * The Han-bearing pieces of a line: the line cut at quotes, template and regex delimiters and regex syntax, each
 * piece trimmed of spaces and ASCII punctuation. Comments are skipped: they explain, they do not assert.
 */
function pieces(line: string): string[] {
  const trimmed = line.trim();
  if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return [];
  return line
    .split(/['"`/()|[\]*+?^$\\{}]|\s\/\/\s/)
    .map((piece) => piece.replace(/^[\s.,;:!-]+|[\s.,;:!-]+$/g, ''))
    .filter((piece) => HAN.test(piece));
}

export function findCopyLiterals(options: CopyLiteralOptions): CopyLiteralHit[] {
  const values = localeValues(join(options.root, options.localeDir));
  const files = [
    ...options.allFilesIn.flatMap((dir) => filesUnder(join(options.root, dir), (name) => name.endsWith('.ts'))),
    ...options.testFilesIn.flatMap((dir) => filesUnder(join(options.root, dir), (name) => name.endsWith('.test.ts'))),
  ];
  const hits: CopyLiteralHit[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const piece of pieces(line)) {
          const match =
            values.find((value) => value.whole === piece) ??
            values.find((value) => value.rendered?.test(piece)) ??
            ([...piece].length >= MIN_PART ? values.find((value) => value.parts.some((part) => part.includes(piece))) : undefined);
          if (match) hits.push({ file: relative(options.root, file), line: index + 1, text: piece, key: match.key });
        }
      });
  }
  return hits;
}

export const formatHit = (hit: CopyLiteralHit) => `${hit.file}:${hit.line}: "${hit.text}" is the copy of ${hit.key}`;
