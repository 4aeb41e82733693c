import { paths } from '@/shared/routing';

/** What the desktop's QR code holds: this site's /newMobile with the one-time sign-in code. */
export const handoffUrl = (origin: string, code: string) => `${origin}${paths.newMobile}?handoff=${encodeURIComponent(code)}`;
