import { safeHref } from './safe-href';

/**
 * A small Markdown subset for the content files (help, legal texts, release notes): headings, paragraphs,
 * lists (nested by indentation), block quotes, rules, pipe tables; inline strong, emphasis, code and links.
 * Raw HTML is never interpreted: `<b>` stays the four characters `<b>`. Links keep only safe targets
 * (see safeHref); an unsafe link becomes its text. The result is plain data, rendered by renderMarkdown.
 */
export type Inline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'emphasis'; children: Inline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type Block =
  | { type: 'heading'; level: HeadingLevel; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'blockquote'; children: Block[] }
  | { type: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { type: 'rule' };

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

const isBlank = (line: string) => line.trim() === '';
const indentOf = (line: string) => /^ */.exec(line.replace(/\t/g, '    '))![0].length;
const dedent = (line: string, width: number) => {
  const expanded = line.replace(/\t/g, '    ');
  return expanded.slice(Math.min(width, indentOf(expanded)));
};

/** Splits a table row into cells; `\|` keeps a pipe inside a cell. */
function tableCells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let current = '';
  for (let i = 0; i < row.length; i += 1) {
    const ch = row[i]!;
    if (ch === '\\' && row[i + 1] === '|') {
      current += '|';
      i += 1;
    } else if (ch === '|') {
      cells.push(current.trim());
      current = '';
    } else current += ch;
  }
  cells.push(current.trim());
  return cells;
}

const startsTable = (lines: string[], i: number) => {
  const head = lines[i] ?? '';
  const delimiter = lines[i + 1] ?? '';
  return head.includes('|') && TABLE_DELIMITER.test(delimiter) && tableCells(head).length === tableCells(delimiter).length;
};

/** A line that begins a block other than a paragraph (so it ends a paragraph above it). */
const interrupts = (lines: string[], i: number) => {
  const line = lines[i]!;
  return HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line) || startsTable(lines, i);
};

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;

/** Soft line breaks join with a space, except between Chinese characters and punctuation, where a space is wrong. */
function joinLines(lines: string[]): string {
  return lines.reduce((text, line) => {
    if (text === '') return line;
    return CJK.test(text.at(-1) ?? '') || CJK.test(line[0] ?? '') ? `${text}${line}` : `${text} ${line}`;
  }, '');
}

function parseParagraph(lines: string[]): Block {
  // A line ending in two spaces or a backslash is a hard break.
  const children: Inline[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) children.push(...parseInline(joinLines(pending)));
    pending = [];
  };
  lines.forEach((raw, index) => {
    const hard = index < lines.length - 1 && (/ {2,}$/.test(raw) || /\\$/.test(raw));
    pending.push(hard ? raw.trim().replace(/\\$/, '') : raw.trim());
    if (hard) {
      flush();
      children.push({ type: 'break' });
    }
  });
  flush();
  return { type: 'paragraph', children: mergeText(children) };
}

function parseList(lines: string[], start: number): { block: Block; next: number } {
  const first = LIST_ITEM.exec(lines[start]!)!;
  const ordered = /\d/.test(first[2]!);
  const items: string[][] = [];
  let current: string[] | null = null;
  let contentIndent = 0;
  let previousBlank = false;
  let i = start;

  while (i < lines.length) {
    const line = lines[i]!;
    const marker = LIST_ITEM.exec(line);
    // A marker of the same kind left of the content column starts the next item; further right it is nested.
    if (marker && /\d/.test(marker[2]!) === ordered && (current === null || indentOf(line) < contentIndent)) {
      if (current) items.push(current);
      const spacing = (marker[3] ?? ' ').replace(/\t/g, '    ').length;
      contentIndent = marker[1]!.length + marker[2]!.length + (spacing > 4 ? 1 : spacing);
      current = [marker[4] ?? ''];
      previousBlank = false;
    } else if (current === null) {
      break;
    } else if (isBlank(line)) {
      current.push('');
      previousBlank = true;
    } else if (indentOf(line) >= contentIndent) {
      current.push(dedent(line, contentIndent));
      previousBlank = false;
    } else if (!previousBlank && !interrupts(lines, i)) {
      // A lazy continuation of the item's paragraph.
      current.push(line.trim());
    } else {
      break;
    }
    i += 1;
  }
  if (current) items.push(current);

  return {
    block: { type: 'list', ordered, start: ordered ? Number.parseInt(first[2]!, 10) : 1, items: items.map((item) => parseBlocks(item)) },
    next: i,
  };
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length as HeadingLevel, children: parseInline((heading[2] ?? '').trim()) });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && !isBlank(lines[i]!)) {
        const match = QUOTE.exec(lines[i]!);
        if (!match && interrupts(lines, i)) break;
        quoted.push(match ? match[1]! : lines[i]!);
        i += 1;
      }
      blocks.push({ type: 'blockquote', children: parseBlocks(quoted) });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const { block, next } = parseList(lines, i);
      blocks.push(block);
      i = next;
      continue;
    }
    if (startsTable(lines, i)) {
      const header = tableCells(line);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && !isBlank(lines[i]!) && lines[i]!.includes('|')) {
        const cells = tableCells(lines[i]!);
        // Every row has the header's number of cells: extra ones are dropped, missing ones are empty.
        rows.push(header.map((_, column) => parseInline(cells[column] ?? '')));
        i += 1;
      }
      blocks.push({ type: 'table', header: header.map((cell) => parseInline(cell)), rows });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && !isBlank(lines[i]!) && (paragraph.length === 0 || !interrupts(lines, i))) {
      paragraph.push(lines[i]!);
      i += 1;
    }
    blocks.push(parseParagraph(paragraph));
  }
  return blocks;
}

/** Parses Markdown text into blocks. Never throws: any input is some blocks of text. */
export function parseMarkdown(source: string): Block[] {
  return parseBlocks(
    source
      .replace(/\r\n?/g, '\n')
      .replace(/^\uFEFF/, '')
      .split('\n'),
  );
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const isSpace = (ch: string | undefined) => ch === undefined || /\s/u.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const node of nodes) {
    const last = merged[merged.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else if (node.type !== 'text' || node.value !== '') merged.push(node.type === 'text' ? { ...node } : node);
  }
  return merged;
}

/**
 * Index of the delimiter closing emphasis (`*`, `_`) or strong (`**`, `__`) whose content starts at `from`,
 * or -1. A closer follows a non-space; a single one stands alone (not half of `**`); `_` never closes
 * inside a word; the last two of a longer run close strong (so `***a***` is strong around emphasis).
 */
function findCloser(text: string, ch: string, double: boolean, from: number): number {
  const delimiter = double ? ch + ch : ch;
  for (let at = text.indexOf(delimiter, from); at !== -1; at = text.indexOf(delimiter, at + 1)) {
    let end = at;
    if (double) while (text[end + 2] === ch) end += 1;
    else if (text[at - 1] === ch || text[at + 1] === ch) continue;
    const before = text[end - 1];
    if (end <= from || isSpace(before) || before === '\\') continue;
    if (ch === '_' && isWordChar(text[end + delimiter.length])) continue;
    return end;
  }
  return -1;
}

/** Index of the `]` matching the `[` at `open`, honouring nesting and escapes, or -1. */
function matchBracket(text: string, open: number, openCh: string, closeCh: string): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\\') i += 1;
    else if (ch === openCh) depth += 1;
    else if (ch === closeCh) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Parses inline Markdown of one paragraph, heading or cell. */
export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) nodes.push({ type: 'text', value: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;

    if (ch === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }

    if (ch === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      let close = text.indexOf(run, i + run.length);
      while (close !== -1 && text[close + run.length] === '`') close = text.indexOf(run, close + run.length + 1);
      if (close !== -1) {
        flush();
        const value = text.slice(i + run.length, close);
        nodes.push({ type: 'code', value: /^ .* $/.test(value) && value.trim() !== '' ? value.slice(1, -1) : value });
        i = close + run.length;
      } else {
        buffer += run;
        i += run.length;
      }
      continue;
    }

    if (ch === '*' || ch === '_') {
      const run = (ch === '*' ? /^\*+/ : /^_+/).exec(text.slice(i))![0];
      const opens = !isSpace(text[i + run.length]) && (ch === '*' || !isWordChar(text[i - 1]));
      if (opens && run.length >= 2) {
        const close = findCloser(text, ch, true, i + 2);
        if (close !== -1) {
          flush();
          nodes.push({ type: 'strong', children: parseInline(text.slice(i + 2, close)) });
          i = close + 2;
          continue;
        }
      }
      if (opens && run.length === 1) {
        const close = findCloser(text, ch, false, i + 1);
        if (close !== -1) {
          flush();
          nodes.push({ type: 'emphasis', children: parseInline(text.slice(i + 1, close)) });
          i = close + 1;
          continue;
        }
      }
      buffer += run;
      i += run.length;
      continue;
    }

    if (ch === '[') {
      const closeLabel = matchBracket(text, i, '[', ']');
      if (closeLabel !== -1 && text[closeLabel + 1] === '(') {
        const closeTarget = matchBracket(text, closeLabel + 1, '(', ')');
        if (closeTarget !== -1) {
          const label = text.slice(i + 1, closeLabel);
          // Destination, optionally followed by a quoted title (ignored); `<...>` may wrap the destination.
          const target = /^\s*<?([^\s<>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*$/.exec(text.slice(closeLabel + 2, closeTarget));
          const href = target ? safeHref(target[1]!) : null;
          flush();
          if (href) nodes.push({ type: 'link', href, children: parseInline(label) });
          else nodes.push(...parseInline(label));
          i = closeTarget + 1;
          continue;
        }
      }
      buffer += ch;
      i += 1;
      continue;
    }

    if (ch === '<') {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(text.slice(i));
      const href = auto ? safeHref(auto[1]!) : null;
      if (auto && href) {
        flush();
        nodes.push({ type: 'link', href, children: [{ type: 'text', value: auto[1]! }] });
        i += auto[0].length;
        continue;
      }
    }

    buffer += ch;
    i += 1;
  }
  flush();
  return mergeText(nodes);
}
