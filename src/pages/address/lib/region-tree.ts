import type { District } from '@contracts';

/** Loaded levels of the region tree, keyed by parent code ('' for the provinces). */
export type LoadedLevels = Record<string, District[]>;

/** The region codes of an address as the region picker's value: province, city and (when there is one) area. */
export const regionPath = (codes: { province: string; city: string; area: string }): string[] =>
  [codes.province, codes.city, codes.area].filter(Boolean);

/** The parents whose children must be loaded to show a chosen path. */
export const parentsOf = (path: readonly string[]): string[] => ['', ...path.slice(0, -1)];
