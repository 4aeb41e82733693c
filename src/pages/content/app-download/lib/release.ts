import { hrefKind, parseMarkdown, safeHref, type Block } from '@/shared/lib/markdown';
import { formatChinaDate } from '@/shared/lib/time';

export type AppRelease = {
  version: string;
  /** `YYYY-MM-DD` (China time) of the release. */
  releasedOn: string;
  notes: Block[];
  /** Store or package links; null when the release has none for that system (or an unusable one). */
  androidUrl: string | null;
  iosUrl: string | null;
};

/** A download link must be a web address or a path of this site: nothing else becomes an href. */
const downloadHref = (url: string): string | null => {
  const href = safeHref(url);
  return href && (hrefKind(href) === 'external' || hrefKind(href) === 'path') ? href : null;
};

/** The service's answer as the page shows it; release notes are Markdown like every other text. */
export function toRelease(answer: { version: string; releasedAt: string; notes: string; androidUrl: string; iosUrl: string }): AppRelease {
  return {
    version: answer.version,
    releasedOn: formatChinaDate(answer.releasedAt),
    notes: parseMarkdown(answer.notes),
    androidUrl: downloadHref(answer.androidUrl),
    iosUrl: downloadHref(answer.iosUrl),
  };
}

/** The QR code leads a phone to this page, where the visitor picks their system. */
export const downloadPageUrl = (origin: string | undefined, path: string) => (origin ? `${origin}${path}` : path);
