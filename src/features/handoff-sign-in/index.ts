export { createHandoffFx } from './api/handoff';
export { HANDOFF_PARAM, redeemHandoffFx, withoutHandoff } from './model/redeem';
