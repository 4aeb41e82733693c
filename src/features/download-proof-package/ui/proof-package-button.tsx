import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { formatBytes } from '@/entities/evidence';
import { Button } from '@/shared/ui/button';
import { $proofPackagePending, $proofPackageProgress, proofPackageRequested, type ProofPackageTarget } from '../model/proof-package';
import './proof-package-button.css';

/**
 * The offline proof package download: the record's (certificate page) or the chosen records' (batch
 * page). While the zip arrives, a progress bar: bytes received of the estimate, or bytes received alone.
 */
export function ProofPackageButton({ target, disabled, batch }: { target: ProofPackageTarget; disabled?: boolean; batch?: boolean }) {
  const { t } = useTranslation('evidence');
  const [pending, progress, onClick] = useUnit([$proofPackagePending, $proofPackageProgress, proofPackageRequested]);
  const total = progress?.total ?? null;
  const percent = progress && total ? Math.min(99, Math.floor((progress.received / total) * 100)) : null;
  return (
    <span className="proof-package">
      <Button
        kind="primary"
        loading={pending}
        disabled={disabled}
        data-testid="proof-package-download"
        title={t('proofPackage.hint')}
        onClick={() => onClick(target)}
      >
        {t(batch ? 'proofPackage.batchButton' : 'proofPackage.button')}
      </Button>
      {pending ? (
        <span className="proof-package__progress" role="status" aria-live="polite" data-testid="proof-package-progress">
          {progress ? (
            <>
              {percent !== null ? <progress max={100} value={percent} /> : null}
              {total
                ? t('proofPackage.progressOf', { received: formatBytes(progress.received), total: formatBytes(total) })
                : t('proofPackage.progress', { received: formatBytes(progress.received) })}
            </>
          ) : (
            t('proofPackage.preparing')
          )}
        </span>
      ) : null}
    </span>
  );
}
