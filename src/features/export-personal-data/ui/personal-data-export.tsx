import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { formatBytes } from '@/entities/evidence';
import {
  $downloading,
  $inProgress,
  $personalDataExport,
  $starting,
  PersonalDataGate,
  personalDataDownloadClicked,
  personalDataStartClicked,
} from '../model/personal-data';
import './personal-data-export.css';

/**
 * The personal data copy card on /setting: what the copy holds, the start button, the progress while the copy is
 * made (the model polls), and once ready the download button (a one-time link asked for with the session) and until
 * when the copy is kept.
 */
export function PersonalDataExportCard() {
  useGate(PersonalDataGate);
  const { t } = useTranslation('personal-data');
  const [current, busy, starting, start, downloading, download] = useUnit([
    $personalDataExport,
    $inProgress,
    $starting,
    personalDataStartClicked,
    $downloading,
    personalDataDownloadClicked,
  ]);
  const ready = current?.state === 'ready';
  return (
    <div className="personal-data" id="personal-data" data-testid="personal-data">
      <h2 className="personal-data__title">{t('page.title')}</h2>
      <p className="personal-data__intro">{t('page.intro')}</p>
      {busy && current ? (
        <div className="personal-data__status" role="status" aria-live="polite" data-testid="personal-data-progress">
          <span>{t(current.state === 'queued' ? 'page.queued' : 'page.running')}</span>
          <progress max={100} value={current.progress} aria-label={t('page.progressLabel')} />
          <span>{current.progress}%</span>
        </div>
      ) : null}
      {ready ? (
        <div className="personal-data__status" data-testid="personal-data-ready">
          <p>{t('page.ready', { readyAt: current.readyAt, size: formatBytes(current.size ?? 0) })}</p>
          <p>{t('page.expiresAt', { expiresAt: current.expiresAt })}</p>
          <Button type="primary" theme="solid" loading={downloading} onClick={() => download()} data-testid="personal-data-download">
            {t('page.download')}
          </Button>
        </div>
      ) : null}
      {current?.state === 'failed' ? <p className="personal-data__note">{t('page.failed')}</p> : null}
      {current?.state === 'expired' ? <p className="personal-data__note">{t('page.expired')}</p> : null}
      {busy ? null : (
        <Button
          type="primary"
          theme={ready ? 'light' : 'solid'}
          loading={starting}
          onClick={() => start()}
          data-testid="personal-data-start"
        >
          {t(current ? 'page.again' : 'page.start')}
        </Button>
      )}
    </div>
  );
}
