import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** Title and text of the known page, so tests can find them in the capture. */
export const KNOWN_TITLE = 'Capture test page';
export const KNOWN_TEXT = 'Known text for the capture tests 20250106';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<style>body{font-family:sans-serif;margin:40px}h1{color:#8b1a1a}#counter{position:absolute;left:20px;top:140px;width:220px;height:60px;font-size:24px}` +
  `.box{margin-top:120px;height:1600px;background:linear-gradient(#fff,#cde)}</style></head>` +
  `<body><h1>${title}</h1><p id="known">${body}</p>` +
  // Each click is also reported to the site, so a test knows it reached the page.
  `<button id="counter" onclick="this.textContent=String(Number(this.textContent)+1);fetch('/click',{method:'POST'})">0</button><div class="box"></div></body></html>`;

/** A page with subresources (the web archive tests): a stylesheet, an image, a script, a gzipped JSON and a POST. */
export const ASSETS_TITLE = 'Capture test page with assets';
export const ASSET_PATHS = ['/assets/style.css', '/assets/pixel.png', '/assets/app.js', '/assets/data.json', '/assets/echo'] as const;
/** The body the assets page's script POSTs to /assets/echo. */
export const ECHO_BODY = '{"probe":"wacz-request-body"}';
/** A 1x1 transparent PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ASSETS_PAGE =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${ASSETS_TITLE}</title>` +
  `<link rel="stylesheet" href="/assets/style.css"></head><body><h1>${ASSETS_TITLE}</h1>` +
  `<img src="/assets/pixel.png" alt="pixel" width="10" height="10"><p id="data"></p><script src="/assets/app.js"></script></body></html>`;
const ASSETS_SCRIPT =
  `fetch('/assets/data.json').then((r) => r.json()).then((d) => { document.getElementById('data').textContent = d.text; });` +
  `fetch('/assets/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(ECHO_BODY)} });`;

/** Where the known page's counter button is, in page pixels (the process tests click it). */
export const COUNTER_BUTTON = { x: 130, y: 170 };

/**
 * Pages the capture tests (API, browser journey and bench) open on loopback: a known page, a redirect, a
 * missing page, a page that never answers, an oversized page, a redirect loop, a download, and a redirect
 * to any address given in `?to=` (to prove every hop is checked).
 */
export class TestSite {
  readonly #server: Server;
  readonly #hanging = new Set<ServerResponse>();
  origin = '';
  /** Clicks on the known page's counter button (reported by the page). */
  clicks = 0;

  constructor(private readonly hugeBytes = 3 * 1024 * 1024) {
    this.#server = createServer((req, res) => this.#handle(req, res));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()));
    this.origin = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.origin;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  async stop(): Promise<void> {
    for (const res of this.#hanging) res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://test.invalid');
    const html = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'x-test-site': 'yes' }).end(body);
    };
    switch (url.pathname) {
      case '/known':
        return html(200, page(KNOWN_TITLE, KNOWN_TEXT));
      case '/assets':
        return html(200, ASSETS_PAGE);
      case '/assets/style.css':
        return void res.writeHead(200, { 'content-type': 'text/css' }).end('body{font-family:sans-serif;color:#123}h1{color:#8b1a1a}');
      case '/assets/pixel.png':
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL);
      case '/assets/app.js':
        return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(ASSETS_SCRIPT);
      case '/assets/data.json':
        return void res
          .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
          .end(gzipSync(JSON.stringify({ text: KNOWN_TEXT })));
      case '/assets/echo':
        req.resume();
        return void res.writeHead(204).end();
      case '/click':
        this.clicks++;
        return void res.writeHead(204).end();
      case '/redirect':
        return void res.writeHead(302, { location: '/known' }).end();
      case '/missing':
        return html(404, page('Not found', 'This page does not exist'));
      case '/slow':
        // Never answers: the capture must time out, not hang the queue.
        this.#hanging.add(res);
        res.on('close', () => this.#hanging.delete(res));
        return;
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write('<!doctype html><html><head><title>huge</title></head><body><p>');
        const chunk = 'x'.repeat(64 * 1024);
        for (let sent = 0; sent < this.hugeBytes; sent += chunk.length) res.write(chunk);
        return void res.end('</p></body></html>');
      }
      case '/loop-a':
        return void res.writeHead(302, { location: '/loop-b' }).end();
      case '/loop-b':
        return void res.writeHead(302, { location: '/loop-a' }).end();
      case '/download':
        return void res
          .writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="data.bin"' })
          .end(Buffer.alloc(2048, 1));
      case '/to':
        return void res.writeHead(302, { location: url.searchParams.get('to') ?? '/known' }).end();
      default:
        return html(404, page('Not found', 'Unknown test page'));
    }
  }
}
