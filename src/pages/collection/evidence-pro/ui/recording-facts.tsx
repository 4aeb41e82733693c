import type { MobileDeviceFacts, MobileRecordingFacts } from '@contracts';
import { useTranslation } from '@/shared/i18n';
import { formatDuration } from '@/shared/lib/time';
import { chinaTimeText, FactRow } from '@/entities/capture';

const DEVICE_FIELDS = ['model', 'platform', 'platformVersion', 'browser', 'browserVersion', 'screen', 'timeZone', 'userAgent'] as const;

/** Times come as China time text already, or as ISO instants (shown in China time). */
const timeText = (value: string) => (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? value : chinaTimeText(value));

function DeviceFacts({ device }: { device: MobileDeviceFacts }) {
  const { t } = useTranslation('capture');
  const notAvailable = <span className="pro-record__missing">{t('pro.recording.notAvailable')}</span>;
  return (
    <dl className="record__facts" data-testid="recording-device">
      <FactRow label={t('pro.recording.device.location')}>
        {device.location
          ? t('pro.recording.locationValue', {
              latitude: device.location.latitude.toFixed(6),
              longitude: device.location.longitude.toFixed(6),
              accuracy: Math.round(device.location.accuracy),
            })
          : notAvailable}
      </FactRow>
      {DEVICE_FIELDS.map((field) => (
        <FactRow key={field} label={t(`pro.recording.device.${field}`)}>
          {device[field] ? <span className={field === 'userAgent' ? 'record__mono' : undefined}>{device[field]}</span> : notAvailable}
        </FactRow>
      ))}
    </dl>
  );
}

/**
 * What a recording made in the phone's browser says about itself: the chain head the phone and the server
 * agreed on, when it ran, every stretch in which pieces stopped arriving, and the device as the browser told it.
 */
export function RecordingFacts({ facts, duration }: { facts: MobileRecordingFacts; duration: number | null }) {
  const { t } = useTranslation('capture');
  return (
    <section className="record__section" aria-labelledby="pro-recording">
      <h2 id="pro-recording" className="record__section-title">
        {t('pro.recording.title')}
      </h2>
      <dl className="record__facts" data-testid="recording-facts">
        <FactRow label={t('pro.recording.kind')}>{t(`mobileRecorder.kind.${facts.kind}`)}</FactRow>
        <FactRow label={t('pro.recording.mime')}>{facts.mime}</FactRow>
        {duration !== null && facts.kind !== 'photo' ? <FactRow label={t('pro.duration')}>{formatDuration(duration)}</FactRow> : null}
        <FactRow label={t('pro.recording.pieces')}>{t('pro.recording.piecesValue', { n: facts.pieces })}</FactRow>
        <FactRow label={t('pro.recording.chainHead')} testId="recording-chain-head">
          <code className="record__mono">{facts.chainHead}</code>
        </FactRow>
        <FactRow label={t('pro.recording.startedAt')}>{timeText(facts.startedAt)}</FactRow>
        <FactRow label={t('pro.recording.endedAt')}>{timeText(facts.endedAt)}</FactRow>
        <FactRow label={t('pro.recording.gaps')} testId="recording-gaps">
          {facts.gaps.length === 0 ? (
            t('pro.recording.noGaps')
          ) : (
            <ul className="pro-record__gaps">
              {facts.gaps.map((gap) => (
                <li key={`${gap.from}-${gap.to}`} data-testid="recording-gap">
                  {t('pro.recording.gap', { from: gap.from, to: gap.to, seconds: gap.seconds })}
                </li>
              ))}
            </ul>
          )}
        </FactRow>
      </dl>
      <h3 className="pro-record__subtitle">{t('pro.recording.deviceTitle')}</h3>
      <DeviceFacts device={facts.device} />
    </section>
  );
}
