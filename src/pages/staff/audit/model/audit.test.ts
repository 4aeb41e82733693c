import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { auditListFx, staffPageFx } from '../api/audit';
import {
  $staffChoices,
  actionChanged,
  rangeChanged,
  recordIdChanged,
  recordTypeChanged,
  searchSubmitted,
  staffChanged,
  StaffAuditGate,
} from './audit';

const staff = (id: number) => ({
  id,
  username: `u${id}`,
  name: `N${id}`,
  role: 'admin',
  disabled: false,
  totpEnrolled: true,
  mustChangePassword: false,
  lockedUntil: '',
  createdAt: '',
});

describe('/staff/audit model', () => {
  it('reads every staff account for the filter, page by page', async () => {
    const pages = vi.fn((page: number) => ({
      count: 12,
      list: page === 1 ? Array.from({ length: 10 }, (_, i) => staff(i + 1)) : [staff(11), staff(12)],
    }));
    const scope = fork({
      handlers: [
        [staffPageFx, pages],
        [auditListFx, () => ({ count: 0, list: [] })],
      ],
    });
    await allSettled(StaffAuditGate.open, { scope, params: {} });
    expect(pages.mock.calls.map((call) => call[0])).toEqual([1, 2]);
    expect(scope.getState($staffChoices)).toHaveLength(12);
  });

  it('asks by staff, action, record and whole days, from page 1', async () => {
    const list = vi.fn(() => ({ count: 0, list: [] }));
    const scope = fork({
      handlers: [
        [staffPageFx, () => ({ count: 0, list: [] })],
        [auditListFx, list],
      ],
    });
    await allSettled(StaffAuditGate.open, { scope, params: {} });
    expect(list).toHaveBeenLastCalledWith({ page: 1, staffId: '', action: '', recordType: '', recordId: '' });
    await allSettled(staffChanged, { scope, params: '3' });
    await allSettled(actionChanged, { scope, params: 'kycViewed' });
    await allSettled(recordTypeChanged, { scope, params: 'kycSubmission' });
    await allSettled(recordIdChanged, { scope, params: ' 41 ' });
    await allSettled(searchSubmitted, { scope });
    expect(list).toHaveBeenLastCalledWith({ page: 1, staffId: '3', action: 'kycViewed', recordType: 'kycSubmission', recordId: '41' });
    await allSettled(rangeChanged, { scope, params: [new Date(2025, 0, 6), new Date(2025, 0, 6)] });
    // China midnight of the picked day (the time zone of record), whatever the test machine's zone.
    const start = Date.parse('2025-01-06T00:00:00+08:00') / 1000;
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ startTime: start, endTime: start + 86399 }));
  });
});
