import type { Page, Request, Response } from 'playwright-core';
import type { CaptureReason, WebFacts } from '../../../contracts/index';
import type { AddressPolicy } from './address-policy';
import { CAPTURE_VIEWPORT, type CaptureBrowser } from './browser';
import { CaptureFailure } from './failure';
import { GuardProxy, PROXY_REASON_HEADER } from './guard-proxy';
import { NetworkLog, type RecordedExchange } from './network-log';
import { readTlsFacts } from './tls-facts';

/** Chromium cannot draw a taller bitmap in one piece; taller pages are cut here (and the facts say so). */
export const MAX_SCREENSHOT_HEIGHT = 16_000;
/** After `load`, how long to wait for late requests to settle before the picture is taken. */
const SETTLE_MS = 1_500;

export interface WebCaptureLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export interface WebCaptureResult {
  facts: WebFacts;
  screenshot: Buffer;
  html: Buffer;
  /** Every request of the page and its response, for the web archive (WACZ). */
  exchanges: RecordedExchange[];
}

/** Playwright's navigation errors as the reasons a user is told. */
function reasonOfError(error: unknown, proxy: GuardProxy, url: string): CaptureReason {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/Download is starting|ERR_ABORTED.*download/i.test(text)) return 'download';
  if (/ERR_TOO_MANY_REDIRECTS/.test(text)) return 'tooManyRedirects';
  if (/TimeoutError|Timeout \d+ms exceeded|ERR_TIMED_OUT|ERR_CONNECTION_TIMED_OUT/.test(text)) return 'timeout';
  if (/ERR_CERT_|ERR_SSL_|ERR_BAD_SSL/.test(text)) return 'tlsInvalid';
  return proxy.failureFor(url) ?? 'unreachable';
}

/** The redirect hops of the main document, first to last, with the status and Location of each. */
async function redirectChain(response: Response): Promise<{ url: string; status: number; location: string | null }[]> {
  const hops: Request[] = [];
  for (let r = response.request().redirectedFrom(); r; r = r.redirectedFrom()) hops.unshift(r);
  const chain = [];
  for (const hop of hops) {
    const answer = await hop.response();
    chain.push({
      url: hop.url(),
      status: answer?.status() ?? 0,
      location: answer ? ((await answer.headerValue('location')) ?? null) : null,
    });
  }
  return chain;
}

async function pageHeight(page: Page): Promise<number> {
  return page
    .evaluate(() => Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0))
    .catch(() => CAPTURE_VIEWPORT.height);
}

/**
 * Opens one address in a clean context of the capture browser (no cookies, fixed viewport, downloads
 * refused, every connection through a guard proxy that checks addresses and counts bytes) and records the
 * full-page screenshot, the rendered HTML, the HTTP exchange with its redirect chain, the resolved address,
 * the TLS certificate, the title, and every request and response of the page (for its web archive). Throws
 * CaptureFailure with the reason a user is told. The context and the proxy are closed whatever happens;
 * `signal` (the job's hard limit) closes them early.
 */
export async function captureWebPage(
  browser: CaptureBrowser,
  url: string,
  options: { policy: AddressPolicy; limits: WebCaptureLimits; signal: AbortSignal; now: () => Date },
): Promise<WebCaptureResult> {
  const { limits } = options;
  const proxy = new GuardProxy(options.policy, { maxBytes: limits.maxBytes, connectTimeoutMs: Math.min(limits.timeoutMs, 10_000) });
  const proxyServer = await proxy.listen();
  let stopReason: CaptureReason | null = null;
  const context = await browser.newContext(proxyServer).catch(async (error: unknown) => {
    await proxy.close();
    throw error;
  });
  const stop = (reason: CaptureReason) => {
    stopReason ??= reason;
    void context.close().catch(() => undefined);
  };
  proxy.onOverLimit = () => stop('tooLarge');
  const onAbort = () => stop('timeout');
  options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const page = await context.newPage();
    const network = new NetworkLog(page, options.now, limits.maxBytes);
    let downloading = false;
    page.on('download', () => {
      downloading = true;
    });
    page.on('request', (request) => {
      if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
      let hops = 0;
      for (let r = request.redirectedFrom(); r; r = r.redirectedFrom()) hops++;
      if (hops > limits.maxRedirects) stop('tooManyRedirects');
    });
    const capturedAt = options.now();
    let response: Response | null;
    try {
      response = await page.goto(url, { waitUntil: 'load', timeout: limits.timeoutMs });
    } catch (error) {
      throw new CaptureFailure(stopReason ?? (downloading ? 'download' : reasonOfError(error, proxy, url)));
    }
    if (stopReason) throw new CaptureFailure(stopReason);
    if (!response) throw new CaptureFailure('unreachable');
    const proxyReason = (await response.headerValue(PROXY_REASON_HEADER)) as CaptureReason | null;
    if (proxyReason) throw new CaptureFailure(proxyReason);
    await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => undefined);
    if (stopReason) throw new CaptureFailure(stopReason);

    const finalUrl = response.url();
    const html = Buffer.from(await page.content(), 'utf8');
    if (html.length > limits.maxBytes) throw new CaptureFailure('tooLarge');
    const height = await pageHeight(page);
    const truncated = height > MAX_SCREENSHOT_HEIGHT;
    const screenshot = await page.screenshot({
      type: 'png',
      fullPage: true,
      animations: 'disabled',
      timeout: limits.timeoutMs,
      ...(truncated ? { clip: { x: 0, y: 0, width: CAPTURE_VIEWPORT.width, height: MAX_SCREENSHOT_HEIGHT } } : {}),
    });
    if (stopReason) throw new CaptureFailure(stopReason);
    const exchanges = await network.settle();
    const headers = (await response.headersArray()).filter((h) => h.name.toLowerCase() !== PROXY_REASON_HEADER);
    const resolvedAddress = proxy.addressFor(finalUrl);
    const final = new URL(finalUrl);
    const tls =
      final.protocol === 'https:' && resolvedAddress
        ? await readTlsFacts(
            resolvedAddress,
            Number(final.port || 443),
            final.hostname.replace(/^\[|\]$/g, ''),
            Math.min(limits.timeoutMs, 10_000),
          )
        : null;
    const securityProtocol = (await response.securityDetails().catch(() => null))?.protocol ?? null;
    return {
      screenshot,
      html,
      exchanges,
      facts: {
        url,
        finalUrl,
        resolvedAddress,
        httpStatus: response.status(),
        pageTitle: (await page.title()).slice(0, 500),
        capturedAt: capturedAt.toISOString(),
        redirects: await redirectChain(response),
        headers,
        tls: tls ? { ...tls, protocol: tls.protocol ?? securityProtocol } : null,
        viewport: { ...CAPTURE_VIEWPORT },
        truncated,
        browser: await browser.version(),
      },
    };
  } catch (error) {
    if (error instanceof CaptureFailure) throw error;
    // Anything thrown after a stop (closed context) is the stop's doing.
    if (stopReason) throw new CaptureFailure(stopReason);
    throw error;
  } finally {
    options.signal.removeEventListener('abort', onAbort);
    await context.close().catch(() => undefined);
    await proxy.close();
  }
}
