import type { CaptureReason } from '../../../contracts/index';

/**
 * A capture that ended without evidence, for a reason the user is told (capture:reason.* in the locale
 * file). Not a crash: the job is complete, the capture failed, nothing was charged.
 */
export class CaptureFailure extends Error {
  constructor(readonly reason: CaptureReason) {
    super(`capture failed: ${reason}`);
  }
}

export const reasonKey = (reason: string) => `capture:reason_${reason}`;
