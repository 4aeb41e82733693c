import type { Browser } from 'playwright-core';

/** Flags of every headless Chromium the API runs: no sandbox (containers), no background traffic of its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * One headless Chromium for a whole process, launched on first use and again after a crash; closing it
 * refuses later uses with `closedMessage`. playwright-core is imported only when a browser is needed.
 */
export class LazyChromium {
  #browser: Promise<Browser> | null = null;
  #closed = false;

  constructor(
    private readonly executablePath: string,
    private readonly args: readonly string[],
    private readonly closedMessage: string,
  ) {}

  browser(): Promise<Browser> {
    if (this.#closed) return Promise.reject(new Error(this.closedMessage));
    this.#browser ??= (async () => {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: this.executablePath, args: [...this.args], headless: true });
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

  async close(): Promise<void> {
    this.#closed = true;
    const browser = this.#browser;
    this.#browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }
}
