export { createCountdown } from './create-countdown';
export type { CountdownModel } from './create-countdown';
