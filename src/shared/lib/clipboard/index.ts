export { copyText, copyTextFx } from './copy-text';
export type { ClipboardEnv } from './copy-text';
