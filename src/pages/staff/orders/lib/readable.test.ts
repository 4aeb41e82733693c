import { describe, expect, it } from 'vitest';
import { readableBody, verdictParts } from './readable';

describe('readableBody', () => {
  it('indents JSON and leaves the rest as received', () => {
    expect(readableBody('{"a":1,"b":{"c":"x"}}')).toBe('{\n  "a": 1,\n  "b": {\n    "c": "x"\n  }\n}');
    expect(readableBody('<xml><a>1</a></xml>')).toBe('<xml><a>1</a></xml>');
    expect(readableBody('{not json')).toBe('{not json');
    expect(readableBody('trade_no=1&sign=x')).toBe('trade_no=1&sign=x');
  });
});

describe('verdictParts', () => {
  it('splits a settled state from its outcome', () => {
    expect(verdictParts('paid: credited')).toEqual({ state: 'paid', outcome: 'credited', detail: '' });
    expect(verdictParts('paid: duplicate')).toEqual({ state: 'paid', outcome: 'duplicate', detail: '' });
    expect(verdictParts('unpaid')).toEqual({ state: 'unpaid', outcome: '', detail: '' });
    expect(verdictParts('missing')).toEqual({ state: 'missing', outcome: '', detail: '' });
  });

  it('keeps the detail of a refusal or an error as received, colons included', () => {
    expect(verdictParts('refused: bad signature: key 2')).toEqual({ state: 'refused', outcome: '', detail: 'bad signature: key 2' });
    expect(verdictParts('error: connect ECONNREFUSED')).toEqual({ state: 'error', outcome: '', detail: 'connect ECONNREFUSED' });
  });
});
