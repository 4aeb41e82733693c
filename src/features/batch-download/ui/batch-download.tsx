import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Dialog } from '@/shared/ui/dialog';
import { $batchPending, $dialogOpen, batchDownloadClicked, countdown, dialogClosed } from '../model/batch';

/** The download button of the batch page and the dialog that counts down and closes once the package is on its way. */
export function BatchDownload({ ids, total }: { ids: number[]; total: number }) {
  const { t } = useTranslation('evidence');
  const [pending, open, remaining, onClick, onClose] = useUnit([
    $batchPending,
    $dialogOpen,
    countdown.$remaining,
    batchDownloadClicked,
    dialogClosed,
  ]);
  return (
    <>
      <Button theme="solid" type="primary" loading={pending} onClick={() => onClick({ ids, total })}>
        {t('pages.batch.download')}
      </Button>
      <Dialog
        title={t('pages.batch.dialogTitle')}
        open={open}
        onClose={onClose}
        closeLabel={t('pages.batch.close')}
        footer={
          <Button theme="solid" type="primary" onClick={onClose}>
            {t('pages.batch.close')}
          </Button>
        }
      >
        <p>{t('pages.batch.dialogBody')}</p>
        <p className="batch-countdown" data-testid="batch-countdown" aria-live="polite">
          {t('pages.batch.countdown', { seconds: remaining })}
        </p>
      </Dialog>
    </>
  );
}
