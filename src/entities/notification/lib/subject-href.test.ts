import { describe, expect, it } from 'vitest';
import { subjectHref } from './subject-href';

describe('subjectHref', () => {
  it('links each subject to its page', () => {
    expect(subjectHref({ kind: 'order', ref: 'P2026010112345' })).toBe('/orders');
    expect(subjectHref({ kind: 'invoice', ref: '42' })).toBe('/invoice/details?id=42');
    expect(subjectHref({ kind: 'verification', ref: 'organization' })).toBe('/kyc-info');
    expect(subjectHref({ kind: 'verification', ref: 'person' })).toBe('/person-info');
    expect(subjectHref({ kind: 'notary', ref: '7' })).toBe('/notary/detail?orderId=7&goBackUrl=%2Fnotifications');
    expect(subjectHref({ kind: 'evidence', ref: 'BQ 1/2' })).toBe('/attestation/BQ%201%2F2');
  });

  it('has no link for a notification about nothing', () => {
    expect(subjectHref(null)).toBeNull();
  });
});
