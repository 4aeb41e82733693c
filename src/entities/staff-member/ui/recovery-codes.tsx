import { useId } from 'react';
import { useTranslation } from '@/shared/i18n';
import { CopyButton } from '@/shared/ui/copy-button';
import './recovery-codes.css';

/** Recovery codes as they are shown once (after enrolment, after renewing them), with a button copying them all. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('staff-console');
  const labelId = useId();
  return (
    <div className="staff-codes">
      <div className="staff-codes__head">
        <span id={labelId}>{t('login.recovery.listLabel')}</span>
        <CopyButton value={codes.join('\n')} what={t('login.recovery.copy')} />
      </div>
      <ol className="staff-codes__list" aria-labelledby={labelId} data-testid="staff-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}
