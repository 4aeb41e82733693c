import { describe, expect, it } from 'vitest';
import { readableBody } from './readable';

describe('readableBody', () => {
  it('indents JSON and leaves the rest as received', () => {
    expect(readableBody('{"a":1,"b":{"c":"x"}}')).toBe('{\n  "a": 1,\n  "b": {\n    "c": "x"\n  }\n}');
    expect(readableBody('<xml><a>1</a></xml>')).toBe('<xml><a>1</a></xml>');
    expect(readableBody('{not json')).toBe('{not json');
    expect(readableBody('trade_no=1&sign=x')).toBe('trade_no=1&sign=x');
  });
});
