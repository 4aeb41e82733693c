import type { District } from '@/shared/api';

/** One node of Semi's Cascader data. */
export type RegionNode = { label: string; value: string; isLeaf: boolean; noInvoiceMail: boolean; children?: RegionNode[] };

/** Loaded levels of the region tree, keyed by parent code ('' for the provinces). */
export type LoadedLevels = Record<string, District[]>;

/** Builds the Cascader tree from the levels loaded so far; unloaded branches have no `children` yet. */
export function buildRegionTree(levels: LoadedLevels, parent = '', depth = 0): RegionNode[] {
  return (levels[parent] ?? []).map((d) => {
    const node: RegionNode = { label: d.name, value: d.code, isLeaf: d.leaf || depth >= 2, noInvoiceMail: d.noInvoiceMail };
    const children = levels[d.code];
    if (children && !node.isLeaf) node.children = buildRegionTree(levels, d.code, depth + 1);
    return node;
  });
}

/** The region codes of an address as the Cascader value: province, city and (when there is one) area. */
export const regionPath = (codes: { province: string; city: string; area: string }): string[] =>
  [codes.province, codes.city, codes.area].filter(Boolean);

/** The parents whose children must be loaded to show a chosen path. */
export const parentsOf = (path: readonly string[]): string[] => ['', ...path.slice(0, -1)];
