import { randomInt } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { STAFF_PAGE_SIZE, type StaffAccount, type StaffList, type StaffPasswordIssued, type StaffRole } from '../../../contracts/index';
import type { Clock } from '../../clock';
import { countAndPage, pageOf } from '../../db/paged';
import type { DB, StaffTable } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { formatChinaTime } from '../../lib/time';
import type { PasswordHasher } from '../auth/index';
import { writeAudit, type AuditEntry, type StaffActor } from './audit';
import type { StaffSessionService } from './sessions';

export type StaffRow = Selectable<StaffTable>;

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand. */
const ONE_TIME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time password: four groups of four (`k3vq-7mzd-…`, about 78 bits), to be replaced at first sign-in. */
export function newOneTimePassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

export function toStaffAccount(row: StaffRow, now: Date): StaffAccount {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    disabled: row.disabled,
    totpEnrolled: row.totp_enrolled,
    mustChangePassword: row.must_change_password,
    lockedUntil: row.locked_until && row.locked_until > now ? formatChinaTime(row.locked_until) : '',
    createdAt: formatChinaTime(row.created_at),
  };
}

/** What the audit keeps of an account: its state, never its secrets. */
export const staffState = (row: StaffRow) => ({
  username: row.username,
  name: row.name,
  role: row.role,
  disabled: row.disabled,
  totpEnrolled: row.totp_enrolled,
  mustChangePassword: row.must_change_password,
  lockedUntil: row.locked_until ? row.locked_until.toISOString() : null,
});

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * The administrators' side of staff accounts (and the command line's): create with a one-time password,
 * change role, disable, reset TOTP or password, unlock. Each change locks the account, keeps at least one
 * enabled administrator, ends the sessions it makes stale, and is audited in its own transaction.
 */
export class StaffAccounts {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly sessions: StaffSessionService,
    private readonly passwords: PasswordHasher,
  ) {}

  async list(filter: { page: number; role: StaffRole | ''; text: string }): Promise<StaffList> {
    let query = this.db.selectFrom('staff');
    if (filter.role) query = query.where('role', '=', filter.role);
    if (filter.text) {
      const like = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('username', 'ilike', like), eb('name', 'ilike', like)]));
    }
    const { count, rows } = await countAndPage(query, (q) => q.selectAll().orderBy('id', 'asc'), pageOf(filter.page, STAFF_PAGE_SIZE));
    const now = this.clock.now();
    return { count, list: rows.map((r) => toStaffAccount(r, now)) };
  }

  /** A new account with a one-time password (answered once, only its hash kept); TOTP is enrolled at its first sign-in. */
  async create(input: { username: string; name: string; role: StaffRole }, actor: StaffActor): Promise<StaffPasswordIssued> {
    const password = newOneTimePassword();
    const hash = await this.passwords.hash(password);
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('staff')
          .values({ username: input.username, name: input.name, role: input.role, password_hash: hash, created_at: this.clock.now() })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, this.clock, actor, {
          action: 'staffCreated',
          recordType: 'staff',
          recordId: created.id,
          before: null,
          after: staffState(created),
        });
        return created;
      });
      return { staff: toStaffAccount(row, this.clock.now()), password };
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest('staff:usernameTaken');
      throw error;
    }
  }

  async setRole(id: number, role: StaffRole, actor: StaffActor): Promise<StaffAccount> {
    return this.#change(
      id,
      actor,
      { refuseSelf: true, keepsAdmin: (row) => role === 'admin' || row.role !== 'admin' },
      async (trx, row) => {
        if (row.role === role) return null;
        await trx.updateTable('staff').set({ role }).where('id', '=', id).execute();
        // A session carries its role from the row, so nothing else to end: the next call sees the new role.
        return { action: 'staffRoleChanged' };
      },
    );
  }

  async setDisabled(id: number, disabled: boolean, actor: StaffActor): Promise<StaffAccount> {
    return this.#change(id, actor, { refuseSelf: true, keepsAdmin: (row) => !disabled || row.role !== 'admin' }, async (trx, row) => {
      if (row.disabled === disabled) return null;
      await trx.updateTable('staff').set({ disabled }).where('id', '=', id).execute();
      if (disabled) await this.sessions.endAll(trx, id);
      return { action: disabled ? 'staffDisabled' : 'staffEnabled' };
    });
  }

  /** The next sign-in enrols a new authenticator; the old secret and recovery codes stop working now. */
  async resetTotp(id: number, actor: StaffActor): Promise<StaffAccount> {
    return this.#change(id, actor, {}, async (trx) => {
      await trx
        .updateTable('staff')
        .set({ totp_secret_enc: null, totp_enrolled: false, totp_last_step: null })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', id).execute();
      await this.sessions.endAll(trx, id);
      return { action: 'staffTotpReset' };
    });
  }

  /** A new one-time password (answered once); the account's sessions end. TOTP stays as enrolled. */
  async resetPassword(id: number, actor: StaffActor): Promise<StaffPasswordIssued> {
    const password = newOneTimePassword();
    const hash = await this.passwords.hash(password);
    const staff = await this.#change(id, actor, {}, async (trx) => {
      await trx.updateTable('staff').set({ password_hash: hash, must_change_password: true }).where('id', '=', id).execute();
      await this.sessions.endAll(trx, id);
      return { action: 'staffPasswordReset' };
    });
    return { staff, password };
  }

  async unlock(id: number, actor: StaffActor): Promise<StaffAccount> {
    return this.#change(id, actor, {}, async (trx) => {
      await trx.updateTable('staff').set({ failed_attempts: 0, locked_until: null }).where('id', '=', id).execute();
      return { action: 'staffUnlocked' };
    });
  }

  async findByUsername(username: string): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /**
   * One administrative change: the enabled administrators' rows and the account locked (always in id order, so
   * two administrators demoting each other queue instead of both succeeding), the change, its audit row.
   * `keepsAdmin` false on the last enabled administrator refuses the change; `change` null changes nothing.
   */
  async #change(
    id: number,
    actor: StaffActor,
    rules: { refuseSelf?: boolean; keepsAdmin?: (row: StaffRow) => boolean },
    change: (trx: Transaction<DB>, row: StaffRow) => Promise<Pick<AuditEntry, 'action'> | null>,
  ): Promise<StaffAccount> {
    if (rules.refuseSelf && actor.staffId === id) throw badRequest('staff:notYourself');
    const row = await this.db.transaction().execute(async (trx) => {
      const admins = await trx
        .selectFrom('staff')
        .select(['id'])
        .where((eb) => eb.or([eb.and([eb('role', '=', 'admin'), eb('disabled', '=', false)]), eb('id', '=', id)]))
        .orderBy('id')
        .forUpdate()
        .execute();
      const before = await trx.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound('staff:staffMissing');
      if (rules.keepsAdmin && !rules.keepsAdmin(before)) {
        const others = admins.filter((a) => a.id !== id).length;
        if (before.role === 'admin' && !before.disabled && others === 0) throw badRequest('staff:lastAdmin');
      }
      const done = await change(trx, before);
      const after = await trx.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (done) {
        await writeAudit(trx, this.clock, actor, {
          action: done.action,
          recordType: 'staff',
          recordId: id,
          before: staffState(before),
          after: staffState(after),
        });
      }
      return after;
    });
    return toStaffAccount(row, this.clock.now());
  }
}
