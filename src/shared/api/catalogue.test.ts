import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { classifyFailure, classifyStaffFailure, isSuccessCode, outcomeText } from './catalogue';

const reloadPaths = ['/queryAuthentication', '/404', '/mobile/attestation', '/appDownload'];
const fail = (code: number, message = 'server says no') => new ApiError({ code, message });

describe('error catalogue (spec section 8)', () => {
  it('shows the network message when no answer arrived', () => {
    expect(classifyFailure(new ApiError({ code: -1, message: 'TypeError', network: true }), '/home', reloadPaths)).toEqual({
      kind: 'toast',
      messageKey: 'errors:network',
    });
  });

  it('toasts the server msg for other business codes', () => {
    expect(classifyFailure(fail(400, 'bad phone'), '/login', reloadPaths)).toEqual({ kind: 'toast', text: 'bad phone' });
    expect(classifyFailure(fail(500, 'oops'), '/', reloadPaths)).toEqual({ kind: 'toast', text: 'oops' });
  });

  it('stays silent on 401, and on 403 at the root path', () => {
    expect(classifyFailure(fail(401), '/setting', reloadPaths)).toEqual({ kind: 'silent' });
    expect(classifyFailure(fail(403), '/', reloadPaths)).toEqual({ kind: 'silent' });
  });

  it('ends the session on 408 with the session-expired text', () => {
    expect(classifyFailure(fail(408), '/setting', reloadPaths)).toEqual({
      kind: 'sessionExpired',
      messageKey: 'errors:sessionExpired',
      reload: false,
    });
  });

  it('ends the session on 403 off the root path, showing the server msg', () => {
    expect(classifyFailure(fail(403, 'forbidden here'), '/orders', reloadPaths)).toEqual({
      kind: 'sessionExpired',
      text: 'forbidden here',
      reload: false,
    });
  });

  it('reloads instead on the public pages that ask for it', () => {
    for (const path of ['/queryAuthentication/safekeeping', '/404', '/mobile/attestation/1/tok', '/appDownload']) {
      expect(classifyFailure(fail(408), path, reloadPaths)).toMatchObject({ kind: 'sessionExpired', reload: true });
    }
    expect(classifyFailure(fail(408), '/appDownloadx', reloadPaths)).toMatchObject({ reload: false });
  });

  it('counts 200 and the shared wrapper 0 as success', () => {
    expect(isSuccessCode(200)).toBe(true);
    expect(isSuccessCode(0)).toBe(true);
    expect(isSuccessCode(408)).toBe(false);
  });
});

describe('the staff console catalogue', () => {
  it('ends the staff session on 408 and 401 with the server words (the generic text without any)', () => {
    expect(classifyStaffFailure(fail(408, 'staff session over'))).toEqual({
      kind: 'sessionExpired',
      text: 'staff session over',
      reload: false,
    });
    expect(classifyStaffFailure(fail(401, ''))).toEqual({ kind: 'sessionExpired', messageKey: 'errors:sessionExpired', reload: false });
  });

  it("shows a role's refusal (403) as a message without ending the session", () => {
    expect(classifyStaffFailure(fail(403, 'not your desk'))).toEqual({ kind: 'toast', text: 'not your desk' });
  });

  it('network, cancel and other codes as in the user app', () => {
    expect(classifyStaffFailure(new ApiError({ code: -1, message: 'x', network: true }))).toEqual({
      kind: 'toast',
      messageKey: 'errors:network',
    });
    expect(classifyStaffFailure(new ApiError({ code: -2, message: 'aborted' }))).toEqual({ kind: 'silent' });
    expect(classifyStaffFailure(fail(400, 'bad reason'))).toEqual({ kind: 'toast', text: 'bad reason' });
  });

  it('outcomeText: the text, else the key translated, nothing when silent', () => {
    const t = (key: string) => `[${key}]`;
    expect(outcomeText({ kind: 'toast', text: 'a' }, t)).toBe('a');
    expect(outcomeText({ kind: 'toast', messageKey: 'errors:network' }, t)).toBe('[errors:network]');
    expect(outcomeText({ kind: 'silent' }, t)).toBe('');
  });
});
