/** Headers as Node gives them (lower-case names) or as a caller wrote them (any case). */
export type HeaderBag = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The first value of a header, its name matched without regard to case; undefined when absent. */
export function headerOf(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}
