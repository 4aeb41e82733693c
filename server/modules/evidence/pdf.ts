import type { Browser } from 'playwright-core';

/** Flags of a headless Chromium that only renders our own HTML: no sandbox (containers), no background traffic. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Two cores are the target machine: more parallel renders only queue inside Chromium. */
const MAX_PARALLEL = 2;

/**
 * HTML to PDF with Debian's Chromium (page.pdf(), fonts from fonts-noto-cjk, so the Chinese text is real,
 * extractable text). One browser for the whole process, launched on first use and closed with the app;
 * every render gets its own context with JavaScript off and every network request refused.
 */
export class PdfRenderer {
  #browser: Promise<Browser> | null = null;
  #running = 0;
  #waiting: (() => void)[] = [];
  #closed = false;

  constructor(private readonly executablePath: string) {}

  async render(html: string): Promise<Buffer> {
    await this.#slot();
    try {
      const browser = await this.#launch();
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        await context.route('**/*', (route) => route.abort());
        const page = await context.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        return await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' } });
      } finally {
        await context.close();
      }
    } finally {
      this.#release();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const browser = this.#browser;
    this.#browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  #launch(): Promise<Browser> {
    if (this.#closed) return Promise.reject(new Error('PDF renderer closed'));
    this.#browser ??= (async () => {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS, headless: true });
      // A crashed browser is launched again on the next render.
      browser.on('disconnected', () => {
        this.#browser = null;
      });
      return browser;
    })().catch((error: unknown) => {
      this.#browser = null;
      throw error;
    });
    return this.#browser;
  }

  async #slot(): Promise<void> {
    if (this.#running < MAX_PARALLEL) {
      this.#running++;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running--;
  }
}
