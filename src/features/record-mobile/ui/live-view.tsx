import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n';
import { formatDuration } from '@/shared/lib/time';
import { formatBytes } from '@/entities/evidence';
import { $bytes, $elapsed, $kind, $online, $phase, $queued, $sent, $stream, stopped } from '../model/recorder';
import { RecorderErrorText } from './recorder-error';
import { useAudioLevel } from './use-audio-level';

function Preview({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation('capture');
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={video}
      className="mobile-recorder__preview"
      autoPlay
      muted
      playsInline
      aria-label={t('mobileRecorder.previewLabel')}
      data-testid="mobile-preview"
    />
  );
}

function Level({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation('capture');
  const level = useAudioLevel(stream);
  return (
    <meter
      className="mobile-recorder__level"
      min={0}
      max={1}
      value={level}
      aria-label={t('mobileRecorder.levelLabel')}
      data-testid="mobile-level"
    />
  );
}

/** While recording: the preview or the sound level, the time and size as they grow, what is sent and waiting. */
export function LiveView() {
  const { t } = useTranslation('capture');
  const [kind, phase, stream, elapsed, bytes, sent, queued, online, onStop] = useUnit([
    $kind,
    $phase,
    $stream,
    $elapsed,
    $bytes,
    $sent,
    $queued,
    $online,
    stopped,
  ]);
  const recording = phase === 'recording';
  return (
    <section className="mobile-recorder__card mobile-recorder__live" aria-live="polite">
      {kind === 'audio' ? <Level stream={stream} /> : <Preview stream={stream} />}
      {!online ? (
        <p className="mobile-recorder__offline" role="status" data-testid="mobile-offline">
          {t('mobileRecorder.offline')}
        </p>
      ) : null}
      <dl className="mobile-recorder__facts">
        {kind !== 'photo' ? (
          <div>
            <dt>{t('mobileRecorder.elapsed')}</dt>
            <dd data-testid="mobile-elapsed">{formatDuration(Math.floor(elapsed / 1000))}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('mobileRecorder.size')}</dt>
          <dd data-testid="mobile-bytes">{formatBytes(bytes)}</dd>
        </div>
        <div>
          <dt>{t('mobileRecorder.sent')}</dt>
          <dd data-testid="mobile-sent">{t('mobileRecorder.pieces', { n: sent })}</dd>
        </div>
        <div>
          <dt>{t('mobileRecorder.waiting')}</dt>
          <dd data-testid="mobile-waiting">{t('mobileRecorder.pieces', { n: queued })}</dd>
        </div>
      </dl>
      <RecorderErrorText />
      {phase === 'sending' ? <p className="mobile-recorder__phase">{t('mobileRecorder.phase.sending')}</p> : null}
      <Button theme="solid" type="danger" size="large" block disabled={!recording} onClick={() => onStop()} data-testid="mobile-stop">
        {kind === 'photo' ? t('mobileRecorder.shutter') : t('mobileRecorder.stop')}
      </Button>
    </section>
  );
}
