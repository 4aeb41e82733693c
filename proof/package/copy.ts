/** The verifiers' copy: the default language's proof-package.json, inlined into verify.html at build and read by the CLI. */
export type VerifierCopy = Record<string, unknown>;

/** `a.b.c` in the copy with `{{name}}` replaced by values; the key itself when missing. */
export function copyText(copy: VerifierCopy, key: string, values: Record<string, string> = {}): string {
  let node: unknown = copy;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
