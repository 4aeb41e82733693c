import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BrowserContext, Frame } from '@playwright/test';

/**
 * A web capture's WACZ must replay in a standard web-archive player. This serves ReplayWeb.page (the
 * `replaywebpage` package's built `ui.js` and service worker `sw.js`, a test-only dependency) and the archive from
 * a small loopback server with byte ranges (the player reads the zip by ranges), embeds the archive with
 * `<replay-web-page>`, and answers the frame in which the player shows the archived page. Nothing goes to the
 * captured site: the player replays from the archive only (`embed="replayonly"`).
 */
const player = dirname(createRequire(import.meta.url).resolve('replaywebpage/index.html'));

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wacz': 'application/wacz' };

function serve(files: Map<string, () => Promise<Buffer>>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://player.invalid').pathname;
    const file = path.endsWith('/') ? `${path}index.html` : path;
    const read = files.get(file);
    if (!read) {
      res.writeHead(404).end();
      return;
    }
    void read().then((body) => {
      const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      const end = range?.[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      const headers = { 'content-type': type, 'accept-ranges': 'bytes', 'content-length': String(end - start + 1) };
      res.writeHead(range ? 206 : 200, range ? { ...headers, 'content-range': `bytes ${start}-${end}/${body.length}` } : headers);
      res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Opens `wacz` in ReplayWeb.page at `url` (a page the archive lists); answers the replayed page's frame. */
export async function replayInPlayer(
  context: BrowserContext,
  wacz: Buffer,
  url: string,
): Promise<{ frame: Frame; close(): Promise<void> }> {
  const embed = `<!doctype html><html><head><meta charset="utf-8"><script src="/replay/ui.js"></script></head><body>
<replay-web-page style="display:block;height:600px" source="/page.wacz" url="${url}" replayBase="/replay/" embed="replayonly"></replay-web-page>
</body></html>`;
  const fromPlayer = (name: string) => () => readFile(join(player, name));
  const server = await serve(
    new Map([
      ['/index.html', () => Promise.resolve(Buffer.from(embed))],
      ['/page.wacz', () => Promise.resolve(wacz)],
      ['/replay/index.html', fromPlayer('index.html')],
      ['/replay/ui.js', fromPlayer('ui.js')],
      ['/replay/sw.js', fromPlayer('sw.js')],
    ]),
  );
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  // The player's replay frames are named by timestamp and `mp_`, then the archived address.
  let frame: Frame | undefined;
  for (let i = 0; i < 600 && !frame; i++) {
    frame = page.frames().find((f) => f.url().includes(`mp_/${url}`));
    if (!frame) await page.waitForTimeout(50);
  }
  if (!frame) throw new Error(`the player showed no replay of ${url}`);
  return {
    frame,
    close: async () => {
      await page.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
