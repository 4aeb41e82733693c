/**
 * Browser storage that never throws (private mode, quota, disabled cookies) and reads JSON safely.
 * Returns null where storage is unavailable, as on the server side of tests.
 */
type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

export function readText(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeText(kind: Area, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    /* storage full or disabled: the session then lives in memory only */
  }
}

export function removeKey(kind: Area, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    /* nothing to remove */
  }
}

export function clearArea(kind: Area): void {
  try {
    area(kind)?.clear();
  } catch {
    /* nothing to clear */
  }
}

export function readJson<T>(kind: Area, key: string, parse: (raw: unknown) => T | null): T | null {
  const text = readText(kind, key);
  if (text === null) return null;
  try {
    return parse(JSON.parse(text));
  } catch {
    return null;
  }
}
