import type { BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, LazyChromium } from '../../lib/chromium';
import { DEFAULT_LANGUAGE } from '../../languages';
import { CHINA_TIME_ZONE } from '../../lib/time';

/**
 * Chromium flags of the capture browser: the common ones, no extensions or default apps, and WebRTC kept
 * off the network (its UDP would not go through the guard proxy).
 */
const CAPTURE_ARGS = [
  ...CHROMIUM_ARGS,
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
  readonly #chromium: LazyChromium;

  constructor(executablePath: string) {
    this.#chromium = new LazyChromium(executablePath, CAPTURE_ARGS, 'capture browser closed');
  }

  async newContext(proxyServer: string): Promise<BrowserContext> {
    const browser = await this.#chromium.browser();
    return browser.newContext({
      proxy: { server: proxyServer },
      viewport: CAPTURE_VIEWPORT,
      deviceScaleFactor: 1,
      acceptDownloads: false,
      serviceWorkers: 'block',
      locale: DEFAULT_LANGUAGE,
      timezoneId: CHINA_TIME_ZONE,
      ignoreHTTPSErrors: false,
    });
  }

  async version(): Promise<string> {
    return `Chromium ${(await this.#chromium.browser()).version()}`;
  }

  close(): Promise<void> {
    return this.#chromium.close();
  }
}
