export type { RecorderErrorKey } from './lib/media-errors';
export {
  $busy,
  $bytes,
  $elapsed,
  $error,
  $includeLocation,
  $kind,
  $online,
  $phase,
  $queued,
  $recorded,
  $sent,
  $status,
  $stream,
  againClicked,
  kindChosen,
  locationToggled,
  RecorderGate,
  recordingStarted,
  startForm,
  stopped,
} from './model/recorder';
export type { Phase } from './model/recorder';
export { MobileRecorder } from './ui/mobile-recorder';
