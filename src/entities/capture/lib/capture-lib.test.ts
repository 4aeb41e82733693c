import { describe, expect, it } from 'vitest';
import { chinaTimeText, isOpenState, queueHref, recordHref } from './capture-lib';

describe('capture helpers', () => {
  it('tells open states from final ones', () => {
    expect(['queued', 'capturing', 'recording', 'processing'].every((s) => isOpenState(s as never))).toBe(true);
    expect(isOpenState('done')).toBe(false);
    expect(isOpenState('failed')).toBe(false);
  });

  it('writes times as China time, like the server', () => {
    expect(chinaTimeText('2025-01-06T01:02:03.000Z')).toBe('2025-01-06 09:02:03');
    expect(chinaTimeText('nonsense')).toBe('nonsense');
  });

  it('links records and queue pages as the spec names them', () => {
    expect(recordHref({ type: 3, baoquan: 'BQ1', evidenceId: 7 })).toBe('/evidencesWeb/BQ1?id=7');
    expect(recordHref({ type: 2, baoquan: 'BQ2', evidenceId: 8 })).toBe('/evidencesPro/BQ2?id=8');
    expect(recordHref({ type: 4, baoquan: 'BQ3', evidenceId: null })).toBe('/evidencesPro/BQ3');
    expect(recordHref({ type: 3, baoquan: null, evidenceId: null })).toBeNull();
    expect(queueHref({ type: 2, id: 5 })).toBe('/evidences-all/process/queue/5');
    expect(queueHref({ type: 4, id: 6 })).toBe('/evidences-all/mobile/queue/6');
    expect(queueHref({ type: 3, id: 7 })).toBeNull();
  });
});
