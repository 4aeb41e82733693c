import { describe, expect, it } from 'vitest';
import { staffLoginPathFor, staffRedirectTarget } from './staff-redirect';

describe('staff sign-in redirects', () => {
  it('keeps the way back to a console page only', () => {
    expect(staffLoginPathFor('/staff/notary/3?x=1')).toBe('/staff/login?redirect=%2Fstaff%2Fnotary%2F3%3Fx%3D1');
    expect(staffLoginPathFor('/staff/login?redirect=%2Fstaff')).toBe('/staff/login');
    expect(staffLoginPathFor('/orders')).toBe('/staff/login');
  });

  it('goes back to a console page, else to /staff (never a user page, another site, or the sign-in)', () => {
    expect(staffRedirectTarget('?redirect=%2Fstaff%2Faudit%3Fpage%3D2')).toBe('/staff/audit?page=2');
    expect(staffRedirectTarget('?redirect=%2Forders')).toBe('/staff');
    expect(staffRedirectTarget('?redirect=%2F%2Fevil.example%2Fstaff')).toBe('/staff');
    expect(staffRedirectTarget('?redirect=%2Fstaff%2Flogin')).toBe('/staff');
    expect(staffRedirectTarget('?redirect=%2Fstaffing')).toBe('/staff');
    expect(staffRedirectTarget('')).toBe('/staff');
  });
});
