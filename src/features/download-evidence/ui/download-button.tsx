import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { downloadRequested, type DownloadRequest } from '../model/download';

export function DownloadEvidenceButton({ request, size = 'small' }: { request: DownloadRequest; size?: 'small' | 'default' }) {
  const { t } = useTranslation('evidence');
  const onDownload = useUnit(downloadRequested);
  return (
    <Button size={size} theme="borderless" onClick={() => onDownload(request)}>
      {t('download.button')}
    </Button>
  );
}
