/** Caps a counter for a badge: at most `cap`, and whether it overflowed (shown as "99+"). */
export function capCount(value: number, cap = 99): { count: number; overflow: boolean } {
  const n = Math.max(0, Math.floor(Number.isFinite(value) ? value : 0));
  return n > cap ? { count: cap, overflow: true } : { count: n, overflow: false };
}
