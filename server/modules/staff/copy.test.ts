import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAFF_AUDIT_ACTIONS } from '../../../contracts/index';
import { createTranslator } from '../../i18n';
import { PROJECT_ROOT } from '../../paths';

/**
 * The staff console's server words live in the default language's files (staff.json and the namespaces it shares): every
 * `namespace:key` its code names and every validation message of its contracts is there, and no Han character
 * is in its code.
 */
const translator = createTranslator();
const code = (dir: string, match: RegExp) =>
  readdirSync(join(PROJECT_ROOT, dir))
    .filter((name) => match.test(name) && !name.endsWith('.test.ts'))
    .map((name) => ({ file: `${dir}/${name}`, text: readFileSync(join(PROJECT_ROOT, dir, name), 'utf8') }));

const sources = [
  ...code('server/modules/staff', /\.ts$/),
  ...code('server', /^staff-cli\.ts$/),
  ...code('server/modules/kyc', /^review\.ts$/),
  ...code('server/modules/notary', /^office\.ts$/),
  ...code('server/modules/orders', /^search\.ts$/),
];
const contracts = code('contracts/', /^staff.*\.ts$/);

describe('staff console copy', () => {
  it('names only keys that exist', () => {
    const missing: string[] = [];
    for (const { file, text } of sources) {
      for (const [, key] of text.matchAll(/'((?:staff|verification|notarisation|payment|invoice|validation|server):[A-Za-z]+)'/g)) {
        if (key && !translator.has(key)) missing.push(`${file}: ${key}`);
      }
      // Success messages built from audit actions (`staff:${action}`).
      if (text.includes('`staff:${action}`')) {
        for (const action of STAFF_AUDIT_ACTIONS) {
          if (text.includes(`'${action}'`) && !translator.has(`staff:${action}`)) missing.push(`${file}: staff:${action}`);
        }
      }
    }
    for (const { file, text } of contracts) {
      for (const [, key, field] of text.matchAll(/\bmsg\(\s*'([^']+)'(?:\s*,\s*'([^']+)')?/g)) {
        if (key && !translator.has(`validation:${key}`)) missing.push(`${file}: validation:${key}`);
        if (field && !translator.has(`fields:${field}`)) missing.push(`${file}: fields:${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has no Han character in its code', () => {
    const offenders = [...sources, ...contracts].filter(({ text }) => /\p{Script=Han}/u.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
