import type { FileKind } from '@contracts';

export const FILE_KINDS: readonly FileKind[] = ['image', 'video', 'audio', 'document', 'other'];

/** The words of each file kind (the evidence namespace's `fileType`), passed in so this stays pure. */
export type FileKindWords = Record<FileKind, string>;

/**
 * The certificate page's `fileType` query holds the spec's words (image, video, audio,
 * document in Chinese, from the locale file); the API uses codes.
 * An unknown or missing word gives null (the page then goes by what the server says).
 */
export function fileKindFromQueryWord(word: string | null | undefined, words: FileKindWords): FileKind | null {
  if (!word) return null;
  const value = word.trim();
  return FILE_KINDS.find((kind) => words[kind] === value) ?? null;
}

export function queryWordOfFileKind(kind: FileKind, words: FileKindWords): string {
  return words[kind];
}

export function isFileKind(value: unknown): value is FileKind {
  return typeof value === 'string' && (FILE_KINDS as readonly string[]).includes(value);
}
