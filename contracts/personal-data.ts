import { z } from 'zod';

/** The states of a copy of one's personal data: queued and running are "in progress". */
export const PERSONAL_DATA_EXPORT_STATES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type PersonalDataExportState = (typeof PERSONAL_DATA_EXPORT_STATES)[number];

/**
 * One export as the status call answers it: `progress` 0..100; times in China time (`YYYY-MM-DD HH:mm:ss`), '' when
 * not reached; `expiresAt`: until when a ready copy is kept. It carries no link: the copy downloads only through
 * POST /api/personalData/downloadLink, a one-time link of a minute made for the owner's session.
 */
export const personalDataExportSchema = z.object({
  id: z.number().int(),
  state: z.enum(PERSONAL_DATA_EXPORT_STATES),
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  readyAt: z.string(),
  expiresAt: z.string(),
  size: z.number().int().nullable(),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/**
 * POST /api/personalData/start and /api/personalData/status: the user's latest export (null: none yet). Start
 * answers the one in progress when there is one, else a new one, queued.
 */
export const personalDataStatusResponse = z.object({ export: personalDataExportSchema.nullable() });
export type PersonalDataStatus = z.infer<typeof personalDataStatusResponse>;

/** Both calls take no fields; anything sent is ignored. */
export const personalDataRequest = z.object({}).passthrough();
