import duration from 'dayjs/plugin/duration.js';
import { dayjs } from '@formats';

dayjs.extend(duration);

/**
 * A length of time in seconds as the product writes it: M:SS under an hour, H:MM:SS from an hour (hours are not
 * wrapped at a day). Recordings, process captures and the live timer all use it.
 */
export function formatDuration(seconds: number): string {
  const length = dayjs.duration(Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0, 'seconds');
  const hours = Math.floor(length.asHours());
  return hours > 0 ? `${hours}:${length.format('mm:ss')}` : length.format('m:ss');
}
