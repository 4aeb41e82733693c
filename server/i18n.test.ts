import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator, loadResources, LocaleFileError } from './i18n';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function localesWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'locales-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'xx'));
  writeFileSync(join(dir, 'languages.json'), JSON.stringify({ default: 'xx', supported: ['xx'] }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'xx', name), text);
  return dir;
}

describe('locale files', () => {
  it('a broken file stops the load with its path, line and column', () => {
    const dir = localesWith({ 'good.json': '{"a": "A"}', 'app.json': '{\n  "a": "A",\n  "b": "B",\n}\n' });
    expect(() => loadResources(dir)).toThrow(LocaleFileError);
    expect(() => loadResources(dir)).toThrow(`${join(dir, 'xx', 'app.json')}:4:1`);
  });

  it('a file that is not an object is named too', () => {
    const dir = localesWith({ 'list.json': '["a"]' });
    expect(() => loadResources(dir)).toThrow(`${join(dir, 'xx', 'list.json')}: not a JSON object`);
  });

  it('a top-level key named default is refused (the web app imports each file as a module)', () => {
    const dir = localesWith({ 'seal.json': '{"default": "x"}' });
    expect(() => loadResources(dir)).toThrow('a top-level key may not be named "default"');
  });

  it('reads nested keys and namespaces as the web app does; a missing key shows as written', () => {
    const t = createTranslator().t;
    expect(t('validation:phoneEmpty')).not.toBe('phoneEmpty');
    expect(t('server:no.such.key')).toBe('no.such.key');
  });
});
