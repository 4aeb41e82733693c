import { createRequire } from 'node:module';
import type { District } from '../../../contracts/index';

/**
 * China's administrative divisions from the published npm package `china-area-data` (MIT; National
 * Bureau of Statistics codes, with Hong Kong, Macau and Taiwan): `{ parentCode: { code: name } }`, the
 * root being "86". Read once (about 116 KB) and answered level by level, so the browser never loads the tree.
 */
type Tree = Record<string, Record<string, string>>;

const ROOT = '86';
/** Taiwan, Hong Kong, Macau: invoices are not mailed there (spec section 9). */
const NO_INVOICE_MAIL_PROVINCES = ['710000', '810000', '820000'];

export interface Region {
  province: string;
  city: string;
  area: string;
}

export class Districts {
  readonly #tree: Tree;
  readonly #parent = new Map<string, string>();
  readonly #name = new Map<string, string>();

  constructor(tree: Tree) {
    this.#tree = tree;
    for (const [parent, children] of Object.entries(tree)) {
      for (const [code, name] of Object.entries(children)) {
        this.#parent.set(code, parent);
        this.#name.set(code, name);
      }
    }
  }

  /** The children of `code` (the provinces for the root), or null when the code is unknown. */
  children(code = ROOT): District[] | null {
    if (code !== ROOT && !this.#name.has(code)) return null;
    return Object.entries(this.#tree[code] ?? {}).map(([child, name]) => ({
      code: child,
      name,
      leaf: !this.#tree[child],
      noInvoiceMail: this.noInvoiceMail(child),
    }));
  }

  noInvoiceMail(code: string): boolean {
    let at: string | undefined = code;
    while (at && at !== ROOT) {
      if (NO_INVOICE_MAIL_PROVINCES.includes(at)) return true;
      at = this.#parent.get(at);
    }
    return false;
  }

  /**
   * Names of a province -> city -> area path, or null when the codes do not form a path down to the
   * last level (`area` empty only where the city has no level below, as in Hong Kong and Macau).
   */
  resolve(codes: Region): Region | null {
    const { province, city, area } = codes;
    if (this.#parent.get(province) !== ROOT || this.#parent.get(city) !== province) return null;
    if (area === '') return this.#tree[city] ? null : { province: this.#name.get(province)!, city: this.#name.get(city)!, area: '' };
    if (this.#parent.get(area) !== city || this.#tree[area]) return null;
    return { province: this.#name.get(province)!, city: this.#name.get(city)!, area: this.#name.get(area)! };
  }
}

let shared: Districts | null = null;

export function districts(): Districts {
  shared ??= new Districts(createRequire(import.meta.url)('china-area-data/data.json') as Tree);
  return shared;
}
