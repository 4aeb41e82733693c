export { CountdownButton } from './countdown-button';
export type { CountdownButtonProps } from './countdown-button';
