import { sample } from 'effector';
import { sessionStarted } from '@/entities/session';
import { redeemHandoffFx } from '../api/handoff';

/** The query parameter of `/newMobile?handoff=CODE`, the address the desktop's QR code holds. */
export const HANDOFF_PARAM = 'handoff';

// A redeemed code signs the phone in exactly as a login does.
sample({ clock: redeemHandoffFx.doneData, target: sessionStarted });

/** The address without the spent code, so a reload or a shared link does not carry it. */
export function withoutHandoff(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(HANDOFF_PARAM);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}

export { redeemHandoffFx };
