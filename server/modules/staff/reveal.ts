import type { z } from 'zod';
import { staffRevealResponse, type StaffAuditAction, type StaffRole } from '../../../contracts/index';
import type { RouteDefinition } from '../../http/route';
import type { ModuleContext } from '../../module';
import { writeAudit, type StaffRecordType } from './audit';
import { defineStaffRoute } from './route';

export interface RevealSpec<F extends string> {
  /** The desk's path segment: the call is `POST /api/staff/<desk>/reveal {id, field}`. */
  desk: string;
  tag: string;
  roles: readonly StaffRole[];
  /** The request: `{id, field}` with the desk's revealable fields (see staff-desks.ts). */
  body: z.ZodType<{ id: number; field: F }, z.ZodTypeDef, unknown>;
  recordType: StaffRecordType;
  action: StaffAuditAction;
  summary: string;
  /** The record's values in clear (its desk's own reading, before the masking rule); throws the desk's not-found. */
  read: (id: number) => Promise<Record<F, string>>;
}

/**
 * The audited "view original" of one masked value, the same for every desk: the record is read as the desk reads
 * it (another desk's role never gets here: the desk's roles are checked first), the view is written to the audit
 * log naming the field (never its value), and only then is the value answered. A record that does not exist
 * answers as the desk's detail does, and writes nothing.
 */
export function defineRevealRoute<F extends string>(ctx: ModuleContext, spec: RevealSpec<F>): RouteDefinition {
  return defineStaffRoute({
    method: 'POST',
    url: `/api/staff/${spec.desk}/reveal`,
    summary: spec.summary,
    tag: spec.tag,
    roles: spec.roles,
    body: spec.body,
    response: staffRevealResponse,
    reveals: true,
    handler: async ({ body, actor }) => {
      const { id, field } = body;
      const record = await spec.read(id);
      await writeAudit(ctx.db, ctx.clock, actor, {
        action: spec.action,
        recordType: spec.recordType,
        recordId: id,
        after: { fields: [field] },
      });
      return { field, value: record[field] };
    },
  });
}
