import { describe, expect, it } from 'vitest';
import { parentsOf, regionPath } from './region-tree';

describe('region paths', () => {
  it('turns an address into a region path and names the levels to load', () => {
    expect(regionPath({ province: '810000', city: '810001', area: '' })).toEqual(['810000', '810001']);
    expect(parentsOf(['440000', '440300', '440305'])).toEqual(['', '440000', '440300']);
  });
});
