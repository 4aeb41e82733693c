import { describe, expect, it } from 'vitest';
import { redirectTargetOf, withRedirectQuery } from './redirect-query';

describe('redirectTargetOf', () => {
  it('honours a same-origin path', () => {
    expect(redirectTargetOf('?redirect=%2Fsetting%3Ftab%3D2')).toBe('/setting?tab=2');
  });
  it('falls back to /home', () => {
    expect(redirectTargetOf('')).toBe('/home');
    expect(redirectTargetOf('?redirect=%2F%2Fevil.example')).toBe('/home');
    expect(redirectTargetOf('?redirect=https%3A%2F%2Fevil.example')).toBe('/home');
  });
});

describe('withRedirectQuery', () => {
  it('keeps only the redirect parameter', () => {
    expect(withRedirectQuery('/register', '?type=sms&redirect=%2Forders')).toBe('/register?redirect=%2Forders');
  });
  it('adds extra parameters', () => {
    expect(withRedirectQuery('/login', '', { type: 'sms' })).toBe('/login?type=sms');
  });
  it('leaves a bare path when there is nothing to keep', () => {
    expect(withRedirectQuery('/forgetpwd', '?x=1')).toBe('/forgetpwd');
  });
});

describe('redirectTargetOf with hostile targets', () => {
  it.each([
    ['?redirect=%2F.%2F%2Fevil.example'],
    ['?redirect=/.//evil.example'],
    ['?redirect=%2F%5Cevil.example'],
    ['?redirect=%252F%252Fevil.example'],
    ['?redirect=%2F%09%2Fevil.example'],
    ['?redirect=javascript%3Aalert(1)'],
  ])('%s goes to /home', (search) => {
    expect(redirectTargetOf(search)).toBe('/home');
  });
});
