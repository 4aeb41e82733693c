import { createEffect } from 'effector';
import { api } from '@/shared/api';
import { handoffResponse, sessionResponse } from '@contracts';

const createRawFx = api.postJson(() => '/auth/handoff', undefined, { quiet: true });
const redeemRawFx = api.postJson(
  () => '/auth/handoff/redeem',
  (code: string) => ({ code }),
  { quiet: true },
);

/** POST /api/auth/handoff (signed in): a short-lived code the desktop shows as a QR code. */
export const createHandoffFx = createEffect(async () => handoffResponse.parse(await createRawFx()));

/** POST /api/auth/handoff/redeem {code}: the phone's sign-in, answered as a login. */
export const redeemHandoffFx = createEffect(async (code: string) => sessionResponse.parse(await redeemRawFx(code)));
