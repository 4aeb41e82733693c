import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/setting', '/setting'],
    ['/orders?tab=2&page=3', '/orders?tab=2&page=3'],
    ['/attestation/123?fileType=x#top', '/attestation/123?fileType=x#top'],
    ['%2Fsetting%3Fa%3D1', '/setting?a=1'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it.each([
    ['//evil.example'],
    ['//evil.example/path'],
    ['https://evil.example'],
    ['http://evil.example/login'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\\/evil.example'],
    ['%2F%2Fevil.example'],
    ['%2F%5Cevil.example'],
    ['/\tevil'],
    ['data:text/html,hi'],
    ['evil.example'],
    [''],
    [null],
    [undefined],
  ])('sends %s to /home', (raw) => {
    expect(safeRedirect(raw)).toBe('/home');
  });

  it('builds the login address with the full path and query', () => {
    expect(loginPathFor('/setting?tab=code&x=1')).toBe('/login?redirect=%2Fsetting%3Ftab%3Dcode%26x%3D1');
    const back = new URLSearchParams(loginPathFor('/orders?a=1&b=2').split('?')[1]).get('redirect');
    expect(safeRedirect(back)).toBe('/orders?a=1&b=2');
  });
});
