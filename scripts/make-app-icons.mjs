// Draws the installed web app's PNG icons (public/icons/) from the favicon's mark, with the Chromium that
// Playwright drives (no image library is installed). Run again after the mark changes:
//   node scripts/make-app-icons.mjs [path-to-chromium]
// "any" icons keep the favicon's rounded square; "maskable" ones fill the square and keep the mark inside the
// central 80 % circle that every launcher's mask leaves visible.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const out = join(import.meta.dirname, '../public/icons');
const BLUE = '#0064fa';
const mark = (scale, offset) =>
  `<path transform="translate(${offset} ${offset}) scale(${scale})" d="M9 16.5l4.5 4.5L23 11.5" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
const ICONS = [
  { file: 'icon-192.png', size: 192, svg: `<rect width="32" height="32" rx="6" fill="${BLUE}"/>${mark(1, 0)}` },
  { file: 'icon-512.png', size: 512, svg: `<rect width="32" height="32" rx="6" fill="${BLUE}"/>${mark(1, 0)}` },
  { file: 'maskable-192.png', size: 192, svg: `<rect width="32" height="32" fill="${BLUE}"/>${mark(0.7, 4.8)}` },
  { file: 'maskable-512.png', size: 512, svg: `<rect width="32" height="32" fill="${BLUE}"/>${mark(0.7, 4.8)}` },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.argv[2] ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}" style="display:block">${svg}</svg></body></html>`,
    );
    await page.screenshot({ path: join(out, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  }
} finally {
  await browser.close();
}
