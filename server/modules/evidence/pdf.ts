import { CHROMIUM_ARGS, LazyChromium } from '../../lib/chromium';

/** Two cores are the target machine: more parallel renders only queue inside Chromium. */
const MAX_PARALLEL = 2;

/**
 * HTML to PDF with Debian's Chromium (page.pdf(), fonts from fonts-noto-cjk, so the Chinese text is real,
 * extractable text). One browser for the whole process, launched on first use and closed with the app;
 * every render gets its own context with JavaScript off and every network request refused.
 */
export class PdfRenderer {
  readonly #chromium: LazyChromium;
  #running = 0;
  #waiting: (() => void)[] = [];

  constructor(executablePath: string) {
    // Only our own HTML is rendered here: the common flags are enough.
    this.#chromium = new LazyChromium(executablePath, CHROMIUM_ARGS, 'PDF renderer closed');
  }

  async render(html: string): Promise<Buffer> {
    await this.#slot();
    try {
      const browser = await this.#chromium.browser();
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        await context.route('**/*', (route) => route.abort());
        const page = await context.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        return await page.pdf({
          format: 'A4',
          printBackground: true,
          margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' },
        });
      } finally {
        await context.close();
      }
    } finally {
      this.#release();
    }
  }

  close(): Promise<void> {
    return this.#chromium.close();
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
