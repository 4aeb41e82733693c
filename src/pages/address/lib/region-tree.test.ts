import { describe, expect, it } from 'vitest';
import { buildRegionTree, parentsOf, regionPath } from './region-tree';

const d = (code: string, name: string, leaf = false, noInvoiceMail = false) => ({ code, name, leaf, noInvoiceMail });

describe('region tree for the Cascader', () => {
  it('nests the loaded levels and leaves unloaded branches open', () => {
    const tree = buildRegionTree({
      '': [d('440000', '广东省'), d('810000', '香港特别行政区', false, true)],
      '440000': [d('440300', '深圳市')],
      '440300': [d('440305', '南山区', true)],
    });
    expect(tree).toEqual([
      {
        label: '广东省',
        value: '440000',
        isLeaf: false,
        noInvoiceMail: false,
        children: [
          {
            label: '深圳市',
            value: '440300',
            isLeaf: false,
            noInvoiceMail: false,
            children: [{ label: '南山区', value: '440305', isLeaf: true, noInvoiceMail: false }],
          },
        ],
      },
      { label: '香港特别行政区', value: '810000', isLeaf: false, noInvoiceMail: true },
    ]);
  });

  it('stops at the third level even if the data set had more', () => {
    const tree = buildRegionTree({ '': [d('1', 'a')], '1': [d('2', 'b')], '2': [d('3', 'c')], '3': [d('4', 'd')] });
    expect(tree[0]?.children?.[0]?.children?.[0]).toEqual({ label: 'c', value: '3', isLeaf: true, noInvoiceMail: false });
  });

  it('turns an address into a Cascader path and names the levels to load', () => {
    expect(regionPath({ province: '810000', city: '810001', area: '' })).toEqual(['810000', '810001']);
    expect(parentsOf(['440000', '440300', '440305'])).toEqual(['', '440000', '440300']);
  });
});
