import { allSettled, createStore, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { createTransport } from './transport';

// A language other than the default: the header must follow whatever the app shows, not a fixed value.
const SHOWN = 'en-XX';

describe('transport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tells the server the app's current language on every call (Accept-Language)", async () => {
    const seen: Headers[] = [];
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return Promise.resolve(
        new Response(JSON.stringify({ code: 200, msg: '', data: null }), { headers: { 'content-type': 'application/json' } }),
      );
    });
    const transport = createTransport({ $token: createStore<string | null>(null), scheme: 'Bearer' });
    const callFx = transport.createApiEffect(() => ({ method: 'POST', path: '/anything' }));
    const before = i18n.language;
    i18n.language = SHOWN;
    await allSettled(callFx, { scope: fork() }).finally(() => {
      i18n.language = before;
    });
    expect(seen[0]?.get('accept-language')).toBe(SHOWN);
  });
});
