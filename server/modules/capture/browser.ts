import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Chromium flags of the capture browser: no sandbox (containers), no background traffic of its own, and
 * WebRTC kept off the network (its UDP would not go through the guard proxy).
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--disable-extensions',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-features=WebRtcHideLocalIpsWithMdns,DnsOverHttps',
];

export const CAPTURE_VIEWPORT = { width: 1280, height: 800 } as const;

/**
 * One headless Chromium for the captures and sessions of this process, launched on first use and again
 * after a crash. Every capture gets a fresh context (no cookies, storage or cache of any other) whose only
 * way out is its own guard proxy.
 */
export class CaptureBrowser {
  #browser: Promise<Browser> | null = null;
  #closed = false;

  constructor(private readonly executablePath: string) {}

  async newContext(proxyServer: string): Promise<BrowserContext> {
    const browser = await this.#launch();
    return browser.newContext({
      proxy: { server: proxyServer },
      viewport: CAPTURE_VIEWPORT,
      deviceScaleFactor: 1,
      acceptDownloads: false,
      serviceWorkers: 'block',
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      ignoreHTTPSErrors: false,
    });
  }

  async version(): Promise<string> {
    return `Chromium ${(await this.#launch()).version()}`;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const browser = this.#browser;
    this.#browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  #launch(): Promise<Browser> {
    if (this.#closed) return Promise.reject(new Error('capture browser closed'));
    this.#browser ??= (async () => {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS, headless: true });
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
}
