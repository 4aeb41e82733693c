import { z } from 'zod';
import { msg } from './messages';
import { staffId, staffReason } from './staff';

/** Fields and shapes the staff desks' contracts share (not part of the public entry). */
export const phoneFilter = z.string().trim().max(11).regex(/^\d*$/, msg('invalid', 'phone')).default('');
export const numberFilter = (field: string) =>
  z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9]*$/, msg('invalid', field))
    .default('');
export const idOnly = z.object({ id: staffId() });
export const withReason = z.object({ id: staffId(), reason: staffReason });
export const paged = <T extends z.ZodTypeAny>(row: T) => z.object({ count: z.number().int(), list: z.array(row) });
