import type { MobileDeviceFacts } from '@contracts';

type Brand = { brand: string; version: string };
type HighEntropy = { model?: string; platform?: string; platformVersion?: string; fullVersionList?: Brand[] };
/** User-Agent Client Hints, offered by Chromium browsers only (not in TypeScript's DOM types yet). */
type UserAgentData = { brands?: Brand[]; platform?: string; getHighEntropyValues?: (hints: string[]) => Promise<HighEntropy> };

export type DeviceSources = {
  navigator: Pick<Navigator, 'userAgent'> & { userAgentData?: UserAgentData; geolocation?: Geolocation };
  screen: { width: number; height: number } | undefined;
  devicePixelRatio: number | undefined;
  timeZone: string | undefined;
};

export type Position = { latitude: number; longitude: number; accuracy: number };

/** The named browser among the hints (not the "Not A Brand" filler nor the engine's own name). */
function browserOf(brands: Brand[] | undefined): Brand | null {
  const named = (brands ?? []).filter((b) => !/not.?a.?brand/i.test(b.brand));
  return named.find((b) => b.brand !== 'Chromium') ?? named[0] ?? null;
}

/**
 * What the browser really says about the device, for the record's facts. A hint the browser does not offer
 * stays '' (shown as "not available"); nothing is read out of the User-Agent string by guessing.
 */
export async function collectDeviceFacts(sources: DeviceSources, location: Position | null): Promise<MobileDeviceFacts> {
  const data = sources.navigator.userAgentData;
  let high: HighEntropy = {};
  try {
    high = (await data?.getHighEntropyValues?.(['model', 'platform', 'platformVersion', 'fullVersionList'])) ?? {};
  } catch {
    high = {};
  }
  const browser = browserOf(high.fullVersionList ?? data?.brands);
  const { screen, devicePixelRatio } = sources;
  return {
    location,
    model: (high.model ?? '').slice(0, 100),
    platform: (high.platform ?? data?.platform ?? '').slice(0, 100),
    platformVersion: (high.platformVersion ?? '').slice(0, 100),
    browser: (browser?.brand ?? '').slice(0, 100),
    browserVersion: (browser?.version ?? '').slice(0, 100),
    screen: screen ? `${screen.width} x ${screen.height} @ ${devicePixelRatio ?? 1}` : '',
    timeZone: (sources.timeZone ?? '').slice(0, 100),
    userAgent: sources.navigator.userAgent.slice(0, 500),
  };
}

/** The person's position, asked only when they chose to include it; a refusal or a timeout gives null. */
export function askPosition(geolocation: Geolocation | undefined, timeoutMs = 10_000): Promise<Position | null> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: Math.min(coords.accuracy, 1_000_000) }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/** The sources of this browser. */
export const browserSources = (): DeviceSources => ({
  navigator: globalThis.navigator,
  screen: globalThis.screen ? { width: globalThis.screen.width, height: globalThis.screen.height } : undefined,
  devicePixelRatio: globalThis.devicePixelRatio,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});
