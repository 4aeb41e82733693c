import { describe, expect, it } from 'vitest';
import { collectDeviceFacts, type DeviceSources } from './device-facts';

const base: DeviceSources = {
  navigator: { userAgent: 'Mozilla/5.0 (iPhone)' },
  screen: { width: 390, height: 844 },
  devicePixelRatio: 3,
  timeZone: 'Asia/Shanghai',
};

describe('device facts', () => {
  it('leaves what the browser does not offer empty, never guessed from the User-Agent', async () => {
    expect(await collectDeviceFacts(base, null)).toEqual({
      location: null,
      model: '',
      platform: '',
      platformVersion: '',
      browser: '',
      browserVersion: '',
      screen: '390 x 844 @ 3',
      timeZone: 'Asia/Shanghai',
      userAgent: 'Mozilla/5.0 (iPhone)',
    });
  });

  it('reads the high-entropy hints and names the browser, not the filler brand or the engine', async () => {
    const navigator = {
      userAgent: 'ua',
      userAgentData: {
        platform: 'Android',
        getHighEntropyValues: () =>
          Promise.resolve({
            model: 'Pixel 8',
            platform: 'Android',
            platformVersion: '14.0.0',
            fullVersionList: [
              { brand: 'Not)A;Brand', version: '99.0.0.0' },
              { brand: 'Chromium', version: '127.0.6533.88' },
              { brand: 'Google Chrome', version: '127.0.6533.88' },
            ],
          }),
      },
    };
    const facts = await collectDeviceFacts({ ...base, navigator }, { latitude: 31.2, longitude: 121.5, accuracy: 20 });
    expect(facts).toMatchObject({
      model: 'Pixel 8',
      platform: 'Android',
      platformVersion: '14.0.0',
      browser: 'Google Chrome',
      browserVersion: '127.0.6533.88',
      location: { latitude: 31.2, longitude: 121.5, accuracy: 20 },
    });
  });

  it('keeps the low-entropy hints when the detailed ones are refused', async () => {
    const navigator = {
      userAgent: 'ua',
      userAgentData: {
        platform: 'Windows',
        brands: [{ brand: 'Chromium', version: '127' }],
        getHighEntropyValues: () => Promise.reject(new Error('denied')),
      },
    };
    expect(await collectDeviceFacts({ ...base, navigator }, null)).toMatchObject({ platform: 'Windows', browser: 'Chromium', model: '' });
  });
});
