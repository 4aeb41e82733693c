import type { Envelope, StaffLoginResponse, StaffRole, StaffSignedIn } from '../../contracts/index';
import { StaffAccounts } from '../modules/staff/accounts';
import { StaffSessionService } from '../modules/staff/sessions';
import { totpAt } from '../modules/staff/totp';
import { TEST_PASSWORD_LOG_N, type TestApp } from './create-test-app';
import { PasswordHasher } from '../modules/auth/password';

export const STAFF_PASSWORD = 'Desk-pass-2025';

export interface Reply<T> {
  status: number;
  body: Envelope<T>;
}

/** A staff call as the console makes it: `Authorization: Staff <token>`, forms url-encoded. */
export async function staffCall<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; form?: Record<string, string>; authorization?: string; ip?: string } = {},
): Promise<Reply<T>> {
  const authorization = options.authorization ?? (options.token ? `Staff ${options.token}` : undefined);
  const response = await t.app.inject({
    method,
    url,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(method === 'POST' ? { payload: new URLSearchParams(options.form ?? {}).toString() } : {}),
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

export const staffPost = <T = unknown>(t: TestApp, url: string, form: Record<string, string>, token?: string, ip?: string) =>
  staffCall<T>(t, 'POST', url, { form, ...(token ? { token } : {}), ...(ip ? { ip } : {}) });
export const staffGet = <T = unknown>(t: TestApp, url: string, token?: string) => staffCall<T>(t, 'GET', url, token ? { token } : {});

/** The code an authenticator app shows now for a base32 secret. */
export const codeNow = (t: TestApp, secret: string) => totpAt(secret, t.clock.now());

let seed = 0;
/** A sign-in name no other test of this database uses (staff rows are not reset between tests). */
export const uniqueUsername = (prefix = 'staff') => `${prefix}${process.pid}${Date.now() % 100_000}n${++seed}`;

/** An account as an administrator creates it (one-time password), written straight through the service. */
export async function createStaff(t: TestApp, role: StaffRole, username = uniqueUsername(role)) {
  const accounts = new StaffAccounts(
    t.db,
    t.clock,
    new StaffSessionService(t.db, t.clock, 30),
    new PasswordHasher(Number(TEST_PASSWORD_LOG_N)),
  );
  const issued = await accounts.create({ username, name: `${role}-tester`, role }, { staffId: null, ip: '127.0.0.1' });
  return { id: issued.staff.id, username, oneTimePassword: issued.password };
}

export interface SignedInStaff {
  id: number;
  username: string;
  password: string;
  /** The enrolled TOTP secret (base32). */
  secret: string;
  token: string;
  recoveryCodes: string[];
}

function expectOk<T>(reply: Reply<T>, step: string): T {
  if (reply.body.code !== 200) throw new Error(`${step} refused (${reply.status}): ${reply.body.msg}`);
  return reply.body.data;
}

/** A new account through the whole first sign-in: one-time password, own password, enrolment, first code. */
export async function signInNewStaff(t: TestApp, role: StaffRole, username?: string): Promise<SignedInStaff> {
  const created = await createStaff(t, role, username);
  const login = expectOk(
    await staffPost<StaffLoginResponse>(t, '/api/staff/login', { username: created.username, password: created.oneTimePassword }),
    'login',
  );
  const { challenge } = login;
  expectOk(
    await staffPost(t, '/api/staff/login/password', { challenge, password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD }),
    'password',
  );
  const { secret } = expectOk(await staffPost<{ secret: string }>(t, '/api/staff/login/enrol', { challenge }), 'enrol');
  const signedIn = expectOk(
    await staffPost<StaffSignedIn>(t, '/api/staff/login/confirm', { challenge, code: codeNow(t, secret) }),
    'confirm',
  );
  return {
    id: created.id,
    username: created.username,
    password: STAFF_PASSWORD,
    secret,
    token: signedIn.token,
    recoveryCodes: signedIn.recoveryCodes,
  };
}

/** A later sign-in of an enrolled account: password, then the code of the next 30-second step (a used one is refused). */
export async function signInAgain(t: TestApp, staff: SignedInStaff): Promise<string> {
  t.clock.advance(30_000);
  const { challenge } = expectOk(
    await staffPost<StaffLoginResponse>(t, '/api/staff/login', { username: staff.username, password: staff.password }),
    'login',
  );
  const signedIn = expectOk(
    await staffPost<StaffSignedIn>(t, '/api/staff/login/verify', { challenge, code: codeNow(t, staff.secret) }),
    'verify',
  );
  return signedIn.token;
}

/** Audit rows of one member of staff (or of the command line: null), oldest first. */
export function auditOf(t: TestApp, staffId: number | null) {
  const query = t.db.selectFrom('staff_audit').selectAll().orderBy('id');
  return (staffId === null ? query.where('staff_id', 'is', null) : query.where('staff_id', '=', staffId)).execute();
}

const desks = new WeakMap<TestApp, Partial<Record<StaffRole, SignedInStaff>>>();
/**
 * A signed-in member of staff of this role for setup steps, made once per test app and signed in again when its
 * session has ended (tests move the clock).
 */
export async function deskStaff(t: TestApp, role: StaffRole): Promise<SignedInStaff> {
  const known = desks.get(t) ?? {};
  desks.set(t, known);
  let member = known[role];
  if (!member) member = known[role] = await signInNewStaff(t, role);
  else if ((await staffGet(t, '/api/staff/me', member.token)).body.code !== 200) member.token = await signInAgain(t, member);
  return member;
}

/** A decision of a desk as the console makes it; throws when it is refused. */
export async function deskDecide(t: TestApp, role: StaffRole, url: string, form: Record<string, string>): Promise<void> {
  const token = (await deskStaff(t, role)).token;
  // The office completes an order by issuing its certificate: attach one first, as a clerk does.
  if (url === '/api/staff/notary/complete') await attachCertificate(t, Number(form.id), token);
  const reply = await staffPost(t, url, form, token);
  if (reply.body.code !== 200) throw new Error(`${url} refused (${reply.status}): ${reply.body.msg}`);
}

/** A small, whole PDF: what a notary office's certificate looks like to the upload's checks. */
export const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The clerk attaches a certificate PDF to an accepted order (the body is the file, the id in the query). */
export async function attachCertificate(t: TestApp, id: number, token: string, pdf: Buffer = CERTIFICATE_PDF) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/staff/notary/certificate?id=${id}`,
    headers: { 'content-type': 'application/octet-stream', authorization: `Staff ${token}` },
    payload: pdf,
  });
  return { status: response.statusCode, body: response.json<Envelope<null>>() };
}

/** The id of the pending verification submission of an account, from the reviewer's queue (kind: organization, document, supplement). */
export async function pendingKycId(t: TestApp, phone: string, kind?: string): Promise<number> {
  const query = new URLSearchParams({ phone, ...(kind ? { kind } : {}) });
  const reply = await staffGet<{ list: { id: number; phone: string }[] }>(
    t,
    `/api/staff/kyc/list?${query}`,
    (await deskStaff(t, 'reviewer')).token,
  );
  // The desk answers phones masked (138****8000); the list is already filtered by the whole number.
  const mine = reply.body.data?.list.find((row) => row.phone === `${phone.slice(0, 3)}****${phone.slice(-4)}`);
  if (!mine) throw new Error(`no pending verification for ${phone}`);
  return mine.id;
}

/** The reviewer approves (or refuses with a reason) the account's pending submission at the console's desk. */
export async function reviewKyc(t: TestApp, phone: string, approve = true, reason = ''): Promise<number> {
  const id = await pendingKycId(t, phone);
  if (approve) await deskDecide(t, 'reviewer', '/api/staff/kyc/approve', { id: String(id) });
  else await deskDecide(t, 'reviewer', '/api/staff/kyc/refuse', { id: String(id), reason });
  return id;
}
