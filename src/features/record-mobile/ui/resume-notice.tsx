import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { $resumeNotice } from '../model/resume';

/** A recording an earlier visit left unfinished: its waiting pieces going out, then where its record is. */
export function ResumeNotice() {
  const { t } = useTranslation('capture');
  const notice = useUnit($resumeNotice);
  if (!notice) return null;
  return (
    <section className="mobile-recorder__card mobile-recorder__resume" role="status" data-testid="mobile-resume" data-state={notice.state}>
      <p>{t(`mobileRecorder.resume.${notice.state}`)}</p>
      {notice.state === 'sending' ? (
        <p className="mobile-recorder__phase">{t('mobileRecorder.resume.progress', { sent: notice.sent, total: notice.total })}</p>
      ) : null}
      {notice.href && notice.state !== 'sending' ? (
        <Link className="mobile-recorder__button" to={notice.href} data-testid="mobile-resume-link">
          {notice.state === 'done' ? t('mobileRecorder.toRecord') : t('queue.title.mobile')}
        </Link>
      ) : null}
    </section>
  );
}
