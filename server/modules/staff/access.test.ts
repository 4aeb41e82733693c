import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { signInNewStaff, staffCall } from '../../test-support/staff';
import { copyText } from '../../test-support/copy';

/**
 * Every staff call, read from the registered routes (the OpenAPI document lists each with its roles), is called
 * with every role it does not allow, with no session, with a user's session (as Bearer and as Staff) and with a
 * staff token sent as Bearer: each is refused before the call reads its input. The roles it allows get past.
 */
interface StaffRoute {
  method: 'GET' | 'POST';
  url: string;
  roles: StaffRole[];
}

let t: TestApp;
let routes: StaffRoute[];
let staffPaths: string[];
const tokens = {} as Record<StaffRole, string>;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, { 'x-staff-roles'?: StaffRole[] }>>;
  }>();
  staffPaths = Object.keys(doc.paths).filter((path) => path.startsWith('/api/staff/'));
  routes = Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      operation['x-staff-roles'] ? [{ method: method.toUpperCase() as 'GET' | 'POST', url, roles: operation['x-staff-roles'] }] : [],
    ),
  );
  for (const role of STAFF_ROLES) tokens[role] = (await signInNewStaff(t, role)).token;
  userToken = (await register(t, '13900139001')).token;
});
afterAll(() => t.close());

const call = (route: StaffRoute, authorization?: string) =>
  staffCall(t, route.method, route.url, { ...(authorization ? { authorization } : {}), form: {} });

describe('the table of staff calls', () => {
  it('holds every /api/staff call but the sign-in steps, each allowing administrators', () => {
    const signInSteps = staffPaths.filter((path) => path === '/api/staff/login' || path.startsWith('/api/staff/login/'));
    expect(signInSteps).toHaveLength(5);
    expect(routes.map((r) => r.url).sort()).toEqual(staffPaths.filter((path) => !signInSteps.includes(path)).sort());
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/staff/admin/audit',
        '/api/staff/kyc/view',
        '/api/staff/kyc/reveal',
        '/api/staff/invoices/reveal',
        '/api/staff/kyc/refuse',
        '/api/staff/notary/void',
        '/api/staff/notary/transfer/confirm',
        '/api/staff/invoices/issue',
        '/api/staff/invoices/issueElectronic',
        '/api/staff/invoices/resendMail',
        '/api/staff/orders/detail',
      ]),
    );
    expect(routes.length).toBe(42);
    for (const route of routes) expect(route.roles, route.url).toContain('admin');
  });
});

describe('every staff call refuses', () => {
  it('a caller without a session, a user session, and a staff token that is not sent as Staff', async () => {
    for (const route of routes) {
      for (const authorization of [undefined, `Bearer ${userToken}`, `Staff ${userToken}`, `Bearer ${tokens.admin}`, tokens.admin]) {
        const reply = await call(route, authorization);
        expect({ route: route.url, authorization, status: reply.status, code: reply.body.code }).toEqual({
          route: route.url,
          authorization,
          status: 401,
          code: 408,
        });
      }
    }
  });

  it('every role it does not allow', async () => {
    let refusals = 0;
    for (const route of routes) {
      for (const role of STAFF_ROLES.filter((r) => !route.roles.includes(r))) {
        const reply = await call(route, `Staff ${tokens[role]}`);
        expect({ route: route.url, role, status: reply.status, code: reply.body.code, msg: reply.body.msg }).toEqual({
          route: route.url,
          role,
          status: 403,
          code: 403,
          msg: copyText('staff:forbidden'),
        });
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(0);
  });

  it('nothing to the roles it allows (the call gets as far as its own input checks)', async () => {
    for (const route of routes) {
      // Signing out would end the session the next rows use.
      if (route.url === '/api/staff/logout') continue;
      for (const role of route.roles) {
        const reply = await call(route, `Staff ${tokens[role]}`);
        expect({ route: route.url, role, status: reply.status }).not.toEqual({ route: route.url, role, status: 401 });
        expect({ route: route.url, role, status: reply.status }).not.toEqual({ route: route.url, role, status: 403 });
      }
    }
  });
});
