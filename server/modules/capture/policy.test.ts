import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPublicAddress, refusedAtOnce, resolveAllowed, type AddressPolicy } from './address-policy';
import { CaptureBrowser } from './browser';
import { concatList } from './encode';
import { CaptureFailure } from './failure';
import { KNOWN_TITLE, TestSite } from './test-site';
import { readTlsFacts } from './tls-facts';
import { captureWebPage } from './web-capture';

// Names resolve through this table, so the tests can make a name point anywhere (as DNS rebinding would).
const dnsTable = new Map<string, string[]>();
vi.mock('node:dns/promises', () => ({
  lookup: (host: string) => {
    const addresses = dnsTable.get(host);
    if (!addresses) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  },
}));

const policy = (allowPrivate: boolean, servicePort = 8080): AddressPolicy => ({
  allowPrivate,
  servicePort,
  serviceHosts: ['evidence.example.com'],
  lookupTimeoutMs: 2000,
});
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: unknown) => (error instanceof CaptureFailure ? error.reason : String(error)),
  );

describe('address policy', () => {
  it('tells public addresses from loopback, private, link-local and reserved ones (IPv4 and IPv6)', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '101.6.6.6']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('checks every address a name resolves to, and refuses names of the service', async () => {
    dnsTable.set('public.example', ['93.184.216.34']);
    dnsTable.set('rebind.example', ['93.184.216.34', '127.0.0.1']);
    dnsTable.set('intranet.example', ['10.0.0.7']);
    expect(await resolveAllowed('public.example', 80, policy(false))).toBe('93.184.216.34');
    expect(await reasonOf(resolveAllowed('rebind.example', 80, policy(false)))).toBe('refusedAddress');
    expect(await reasonOf(resolveAllowed('intranet.example', 80, policy(false)))).toBe('refusedAddress');
    expect(await reasonOf(resolveAllowed('localhost', 80, policy(false)))).toBe('refusedAddress');
    expect(await reasonOf(resolveAllowed('[::1]', 80, policy(false)))).toBe('refusedAddress');
    expect(await reasonOf(resolveAllowed('nowhere.example', 80, policy(false)))).toBe('unreachable');
    expect(await reasonOf(resolveAllowed('evidence.example.com', 443, policy(true)))).toBe('refusedAddress');
    // Allowed private addresses still exclude the service's own port on this machine.
    expect(await resolveAllowed('intranet.example', 80, policy(true))).toBe('10.0.0.7');
    expect(await resolveAllowed('127.0.0.1', 3000, policy(true, 8080))).toBe('127.0.0.1');
    expect(await reasonOf(resolveAllowed('127.0.0.1', 8080, policy(true, 8080)))).toBe('refusedAddress');
  });

  it('refuses literal non-public addresses at once, names only when captured', () => {
    const at = (url: string, allow = false) => refusedAtOnce(new URL(url), policy(allow));
    expect(at('http://127.0.0.1:3000/')).toBe(true);
    expect(at('http://[::1]/')).toBe(true);
    expect(at('http://169.254.169.254/latest/meta-data')).toBe(true);
    expect(at('http://localhost:3000/')).toBe(true);
    expect(at('https://evidence.example.com/')).toBe(true);
    expect(at('http://intranet.example/')).toBe(false);
    expect(at('http://127.0.0.1:3000/', true)).toBe(false);
    expect(at('http://127.0.0.1:8080/', true)).toBe(true);
    expect(at('http://93.184.216.34/')).toBe(false);
  });
});

describe('capture through the guard proxy', () => {
  const site = new TestSite();
  const browser = new CaptureBrowser(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  let tlsDir = '';
  let tlsServer: Server;
  let tlsPort = 0;
  const limits = { timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };
  const run = (url: string, allowPrivate: boolean) =>
    captureWebPage(browser, url, { policy: policy(allowPrivate, 1), limits, signal: new AbortController().signal, now: () => new Date() });

  beforeAll(async () => {
    await site.start();
    tlsDir = mkdtempSync(join(tmpdir(), 'capture-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=capture.test',
        '-addext',
        'subjectAltName=DNS:capture.test',
        '-keyout',
        join(tlsDir, 'key.pem'),
        '-out',
        join(tlsDir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    tlsServer = createServer({ key: readFileSync(join(tlsDir, 'key.pem')), cert: readFileSync(join(tlsDir, 'cert.pem')) }, (_req, res) =>
      res.end('<title>tls</title>'),
    );
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', () => resolve()));
    tlsPort = (tlsServer.address() as AddressInfo).port;
  }, 30_000);
  afterAll(async () => {
    await browser.close();
    await site.stop();
    tlsServer.close();
    rmSync(tlsDir, { recursive: true, force: true });
  });

  it('refuses a name that resolves to loopback when private addresses are not allowed, and connects to the checked address when they are', async () => {
    dnsTable.set('pages.example', ['127.0.0.1']);
    const url = `http://pages.example:${site.port}/known`;
    expect(await reasonOf(run(url, false))).toBe('refusedAddress');
    const captured = await run(url, true);
    expect(captured.facts).toMatchObject({ pageTitle: KNOWN_TITLE, resolvedAddress: '127.0.0.1', httpStatus: 200 });
  }, 30_000);

  it('reads the TLS certificate of an https site, and fails a capture whose certificate does not verify', async () => {
    const facts = await readTlsFacts('127.0.0.1', tlsPort, 'capture.test', 5000);
    expect(facts).toMatchObject({
      subject: 'CN=capture.test',
      issuer: 'CN=capture.test',
      subjectAltName: 'DNS:capture.test',
      authorized: false,
    });
    expect(facts?.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(facts?.protocol).toMatch(/^TLSv1\.[23]$/);
    dnsTable.set('capture.test', ['127.0.0.1']);
    expect(await reasonOf(run(`https://capture.test:${tlsPort}/`, true))).toBe('tlsInvalid');
  }, 30_000);
});

describe('recording timeline', () => {
  it('shows each frame until the next, the last until the end', () => {
    expect(
      concatList(
        [
          { file: 'frames/000001.jpg', t: 0 },
          { file: 'frames/000002.jpg', t: 1500 },
        ],
        4000,
      ),
    ).toBe(
      "ffconcat version 1.0\nfile 'frames/000001.jpg'\nduration 1.500\nfile 'frames/000002.jpg'\nduration 2.500\nfile 'frames/000002.jpg'\n",
    );
  });
});
