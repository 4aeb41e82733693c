import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    ['/setting', '/setting'],
    ['/orders?tab=2&page=3', '/orders?tab=2&page=3'],
    ['/attestation/123?fileType=x#top', '/attestation/123?fileType=x#top'],
    ['%2Fsetting%3Fa%3D1', '/setting?a=1'],
    // Normalised first: what is kept is the resolved path, never the raw text.
    ['/notary/./detail?orderId=1', '/notary/detail?orderId=1'],
    ['/a/b/../../orders', '/orders'],
    ['/../orders', '/orders'],
    ['/orders?next=//evil.example', '/orders?next=//evil.example'],
    ['/user/@evil.example', '/user/@evil.example'],
    ['  /orders  ', '/orders'],
  ])('keeps the same-origin path %s as %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it.each([
    // protocol-relative and absolute
    ['//evil.example'],
    ['//evil.example/path'],
    ['///evil.example'],
    ['https://evil.example'],
    ['http://evil.example/login'],
    ['HTTPS://evil.example'],
    ['https:evil.example'],
    ['//user@evil.example'],
    ['https://our.site@evil.example/'],
    // dot segments that collapse into a protocol-relative address
    ['/.//evil.example'],
    ['/./..//evil.example'],
    ['/a/..//evil.example'],
    ['/../..//evil.example/x?y=1'],
    ['/.%2F/evil.example'],
    ['/%2e//evil.example'],
    ['/%2e%2e//evil.example'],
    ['/%2E/%2Fevil.example'],
    // encoded slashes, backslashes and dots, once or more
    ['%2F%2Fevil.example'],
    ['%2f%2fevil.example'],
    ['/%2Fevil.example'],
    ['/%2f%2fevil.example'],
    ['%2F%5Cevil.example'],
    ['/%5Cevil.example'],
    ['/%5c%5cevil.example'],
    ['%252F%252Fevil.example'],
    ['/%252Fevil.example'],
    ['/%25252F%25252Fevil.example'],
    ['/%252e%252e/%252f/evil.example'],
    // backslashes
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\\/evil.example'],
    ['\\/evil.example'],
    // tabs, newlines and other control characters, raw and encoded
    ['/\tevil'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/%09/evil.example'],
    ['/%0a/evil.example'],
    ['/%0D%0A/evil.example'],
    ['/\u0000/evil.example'],
    // schemes
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    [' javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['javascript%3Aalert(1)'],
    ['data:text/html,hi'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['vbscript:msgbox'],
    ['blob:https://evil.example/x'],
    // not a path
    ['evil.example'],
    ['@evil.example'],
    ['?redirect=//evil.example'],
    ['#/orders'],
    [''],
    ['   '],
    [null],
    [undefined],
  ])('sends %j to /home', (raw) => {
    expect(safeRedirect(raw)).toBe('/home');
  });

  it('uses the fallback it is given', () => {
    expect(safeRedirect('/.//evil.example', '/notary')).toBe('/notary');
    expect(safeRedirect('/notary/detail', '/notary')).toBe('/notary/detail');
  });

  it('answers a path a browser resolves on this site, whatever it is given', () => {
    const pieces = fc.constantFrom(
      '/',
      '.',
      '..',
      '\\',
      '%2f',
      '%2F',
      '%5c',
      '%2e',
      '%252f',
      '%09',
      '\t',
      '\n',
      '@',
      ':',
      '?',
      '#',
      'evil.example',
      'a',
      'https:',
      'javascript:',
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join('')),
        (raw) => {
          const out = safeRedirect(raw, '/home');
          const resolved = new URL(out, 'https://our.site');
          expect(resolved.origin).toBe('https://our.site');
          expect(out.startsWith('/')).toBe(true);
          expect(/^\/[/\\]/.test(out)).toBe(false);
          // Idempotent: what it answers passes again unchanged.
          expect(safeRedirect(out, '/home')).toBe(out);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('builds the login address with the full path and query', () => {
    expect(loginPathFor('/setting?tab=code&x=1')).toBe('/login?redirect=%2Fsetting%3Ftab%3Dcode%26x%3D1');
    const back = new URLSearchParams(loginPathFor('/orders?a=1&b=2').split('?')[1]).get('redirect');
    expect(safeRedirect(back)).toBe('/orders?a=1&b=2');
  });
});
