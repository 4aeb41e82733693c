import { useTranslation } from '@/shared/i18n';
import type { FileKind } from '@contracts';
import type { FileKindWords } from '../lib/file-kind';
import './evidence-bits.css';

/** The words of the file kinds (evidence namespace), for links and the query mapping. */
export function useFileKindWords(): FileKindWords {
  const { t } = useTranslation('evidence');
  return {
    image: t('fileType.image'),
    video: t('fileType.video'),
    audio: t('fileType.audio'),
    document: t('fileType.document'),
    other: t('fileType.other'),
  };
}

export function EvidenceStatusTag({ status }: { status: 1 | 2 }) {
  const { t } = useTranslation('evidence');
  return <span className={`evidence-status evidence-status--${status === 1 ? 'done' : 'pending'}`}>{t(`status.${status}`)}</span>;
}

export function FileKindText({ kind }: { kind: FileKind }) {
  const { t } = useTranslation('evidence');
  return <>{t(`fileType.${kind}`)}</>;
}

/** A long hash that wraps anywhere and is easy to select. */
export function HashText({ value, testId }: { value: string; testId?: string }) {
  return (
    <code className="hash-text" data-testid={testId}>
      {value}
    </code>
  );
}
