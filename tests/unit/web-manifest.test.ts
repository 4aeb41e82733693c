import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The installed web app: its name is the product's, it opens the phone's recorder, its icons exist at their sizes. */
const root = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'public/manifest.webmanifest'), 'utf8')) as {
  name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};
const documentCopy = JSON.parse(readFileSync(join(root, 'locales/zh-CN/document.json'), 'utf8')) as { title: string };

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): string {
  const bytes = readFileSync(file);
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('is named after the product and opens /newMobile standalone', () => {
    expect(manifest.name).toBe(documentCopy.title);
    expect(manifest.start_url).toBe('/newMobile');
    expect(manifest.display).toBe('standalone');
  });

  it('offers 192 and 512 pixel PNG icons, each also maskable, that exist at those sizes', () => {
    for (const purpose of ['any', 'maskable']) {
      expect(manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    }
    for (const icon of manifest.icons) {
      const file = join(root, 'public', icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      expect(pngSize(file)).toBe(icon.sizes);
    }
  });

  it('is linked from the page', () => {
    expect(readFileSync(join(root, 'index.html'), 'utf8')).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });
});
