import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../files/temp';
import { performance } from 'node:perf_hooks';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { ProcessAction, ProcessInput } from '../../../contracts/index';
import type { AddressPolicy } from './address-policy';
import { CAPTURE_VIEWPORT, type CaptureBrowser } from './browser';
import type { RecordedFrame } from './encode';
import { CaptureFailure } from './failure';
import { GuardProxy } from './guard-proxy';

/** Frames kept on disk at most this often; the screen in between is the previous frame. */
const MIN_FRAME_GAP_MS = 100;
const SCREENCAST_QUALITY = 70;
/** Most actions one session records (a log, not a keylogger of an afternoon). */
export const MAX_ACTIONS = 5_000;

/** What a stopped session leaves in its folder for the encoding job. */
export interface SessionRecord {
  startUrl: string;
  startedAt: string;
  endedAt: string;
  durationMs: number;
  viewport: { width: number; height: number };
  frames: RecordedFrame[];
  actions: ProcessAction[];
  browser: string;
}

export const RECORD_FILE = 'session.json';

/**
 * One remote browser session being recorded: a clean context behind its own guard proxy, the page's
 * screencast (CDP Page.startScreencast) written to `dir/frames` as JPEG files with their times, the latest
 * frame kept for the live view, and every action of the user dispatched to the page (CDP Input events
 * through Playwright's mouse and keyboard) and logged with its time.
 */
export class LiveSession {
  readonly #frames: RecordedFrame[] = [];
  readonly #actions: ProcessAction[] = [];
  #latest: { seq: number; jpeg: Buffer; t: number } | null = null;
  #lastSavedAt = -Infinity;
  #pending: { jpeg: Buffer; t: number } | null = null;
  #pendingTimer: NodeJS.Timeout | null = null;
  #writes: Promise<void> = Promise.resolve();
  /** The first frame that could not be written: finishing then fails instead of preserving a gap. */
  #writeError: Error | null = null;
  #seq = 0;
  #startedAt = 0;
  #startedDate = new Date(0);
  #ended = false;
  lastSeen = performance.now();

  private constructor(
    readonly dir: string,
    readonly startUrl: string,
    private readonly proxy: GuardProxy,
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly browserVersion: string,
  ) {}

  /**
   * Opens the context, starts the screencast and loads the first address. A first address that cannot be
   * loaded (refused, unreachable, too slow) ends the session before it starts, with that reason.
   */
  static async open(
    browser: CaptureBrowser,
    options: { dir: string; url: string; policy: AddressPolicy; maxBytes: number; timeoutMs: number; now: Date },
  ): Promise<LiveSession> {
    await mkdir(join(options.dir, 'frames'), { recursive: true });
    const proxy = new GuardProxy(options.policy, { maxBytes: options.maxBytes, connectTimeoutMs: Math.min(options.timeoutMs, 10_000) });
    const server = await proxy.listen();
    let context: BrowserContext | null = null;
    try {
      context = await browser.newContext(server);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const session = new LiveSession(options.dir, options.url, proxy, context, page, cdp, await browser.version());
      proxy.onOverLimit = () => void session.#refuseMore();
      cdp.on('Page.screencastFrame', (event) => {
        void cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
        session.#onFrame(Buffer.from(event.data, 'base64'));
      });
      session.#startedAt = performance.now();
      session.#startedDate = options.now;
      await cdp.send('Page.startScreencast', {
        format: 'jpeg',
        quality: SCREENCAST_QUALITY,
        maxWidth: CAPTURE_VIEWPORT.width,
        maxHeight: CAPTURE_VIEWPORT.height,
      });
      let response;
      try {
        response = await page.goto(options.url, { waitUntil: 'domcontentloaded', timeout: options.timeoutMs });
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        throw new CaptureFailure(
          /Timeout|TIMED_OUT/.test(text)
            ? 'timeout'
            : /Download is starting/.test(text)
              ? 'download'
              : (proxy.failureFor(options.url) ?? 'unreachable'),
        );
      }
      const refused = response ? await response.headerValue('x-capture-proxy') : null;
      if (refused) throw new CaptureFailure(refused === 'refusedAddress' ? 'refusedAddress' : 'unreachable');
      // The screencast only sends a frame when something changes; the first picture is taken now.
      await session.#snapshot();
      return session;
    } catch (error) {
      await context?.close().catch(() => undefined);
      await proxy.close();
      throw error;
    }
  }

  get elapsedMs(): number {
    return Math.round(performance.now() - this.#startedAt);
  }

  get actionCount(): number {
    return this.#actions.length;
  }

  /** The newest frame when it is newer than `after`. */
  frameAfter(after: number): { seq: number; jpeg: Buffer } | null {
    this.lastSeen = performance.now();
    return this.#latest && this.#latest.seq > after ? { seq: this.#latest.seq, jpeg: this.#latest.jpeg } : null;
  }

  /** Sends one action of the user to the page and logs it; navigation errors show in the page, not here. */
  async dispatch(input: ProcessInput): Promise<void> {
    if (this.#ended) throw new Error('session ended');
    this.lastSeen = performance.now();
    const t = this.elapsedMs;
    const { page } = this;
    const log = (action: Omit<ProcessAction, 't'>) => {
      if (this.#actions.length < MAX_ACTIONS) this.#actions.push({ t, ...action });
    };
    const clamp = (v: number, max: number) => Math.min(Math.max(0, v), max - 1);
    switch (input.type) {
      case 'click': {
        const x = clamp(input.x, CAPTURE_VIEWPORT.width);
        const y = clamp(input.y, CAPTURE_VIEWPORT.height);
        log({ type: 'click', x, y });
        await page.mouse.click(x, y);
        break;
      }
      case 'text':
        log({ type: 'text', text: input.text });
        await page.keyboard.insertText(input.text);
        break;
      case 'key':
        log({ type: 'key', key: input.key });
        await page.keyboard.press(input.key);
        break;
      case 'scroll': {
        const x = clamp(input.x, CAPTURE_VIEWPORT.width);
        const y = clamp(input.y, CAPTURE_VIEWPORT.height);
        log({ type: 'scroll', x, y, deltaY: input.deltaY });
        await page.mouse.move(x, y);
        await page.mouse.wheel(0, input.deltaY);
        break;
      }
      case 'navigate':
        log({ type: 'navigate', url: input.url });
        await page.goto(input.url, { waitUntil: 'commit', timeout: 15_000 }).catch(() => undefined);
        break;
      case 'back':
        log({ type: 'back' });
        await page.goBack({ waitUntil: 'commit', timeout: 15_000 }).catch(() => undefined);
        break;
    }
  }

  /** Ends the recording: a last picture, the frames flushed, the browser closed; writes the session record. */
  async finish(now: Date): Promise<SessionRecord> {
    if (!this.#ended) await this.#snapshot();
    const durationMs = Math.max(this.elapsedMs, 1);
    await this.close();
    this.#flushPending();
    await this.#writes;
    if (this.#writeError) throw this.#writeError;
    const record: SessionRecord = {
      startUrl: this.startUrl,
      startedAt: this.#startedDate.toISOString(),
      endedAt: now.toISOString(),
      durationMs,
      viewport: { ...CAPTURE_VIEWPORT },
      frames: this.#frames,
      actions: this.#actions,
      browser: this.browserVersion,
    };
    // Whole or absent: the processing job of a restarted process reads it.
    await writeFileAtomic(join(this.dir, RECORD_FILE), JSON.stringify(record));
    return record;
  }

  /** Closes the browser side (idempotent); what was recorded stays on disk. */
  async close(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    await this.cdp.send('Page.stopScreencast').catch(() => undefined);
    await this.context.close().catch(() => undefined);
    await this.proxy.close();
    // No frame is written after this: a pending one waits for finish() (which saves it) or is dropped with the
    // session, and the writes under way end here, so the caller may remove the folder (a frame landing in it
    // while it was being removed made the removal fail: a 500 on cancel, seen in CI).
    if (this.#pendingTimer) clearTimeout(this.#pendingTimer);
    this.#pendingTimer = null;
    await this.#writes;
  }

  /** The byte limit was reached: the page gets nothing more (the recording goes on, showing what it has). */
  async #refuseMore(): Promise<void> {
    await this.page.route('**/*', (route) => route.abort()).catch(() => undefined);
  }

  async #snapshot(): Promise<void> {
    const shot = await this.cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: SCREENCAST_QUALITY }).catch(() => null);
    if (shot) this.#onFrame(Buffer.from(shot.data, 'base64'), true);
  }

  #onFrame(jpeg: Buffer, force = false): void {
    if (this.#ended) return;
    const t = this.elapsedMs;
    this.#latest = { seq: ++this.#seq, jpeg, t };
    if (force || t - this.#lastSavedAt >= MIN_FRAME_GAP_MS) {
      // A frame still waiting is older than this one: it was never on screen long enough to keep.
      if (this.#pendingTimer) clearTimeout(this.#pendingTimer);
      this.#pendingTimer = null;
      this.#pending = null;
      this.#save(jpeg, t);
      return;
    }
    // Too soon after the last saved one: keep it, and save it when the gap is over unless a newer one comes.
    this.#pending = { jpeg, t };
    this.#pendingTimer ??= setTimeout(() => this.#flushPending(), MIN_FRAME_GAP_MS);
  }

  #flushPending(): void {
    if (this.#pendingTimer) clearTimeout(this.#pendingTimer);
    this.#pendingTimer = null;
    const pending = this.#pending;
    this.#pending = null;
    if (pending) this.#save(pending.jpeg, pending.t);
  }

  #save(jpeg: Buffer, t: number): void {
    this.#lastSavedAt = t;
    const file = `frames/${String(this.#frames.length + 1).padStart(6, '0')}.jpg`;
    this.#frames.push({ file, t });
    // Never an unhandled rejection: a session discarded while a frame is on its way has lost its folder,
    // and a late write must not take the process down; finish() reports a failed write instead.
    this.#writes = this.#writes
      .then(() => writeFile(join(this.dir, file), jpeg))
      .catch((error: unknown) => {
        this.#writeError ??= error instanceof Error ? error : new Error(String(error));
      });
  }
}
