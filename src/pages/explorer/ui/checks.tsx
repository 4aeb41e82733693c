import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { formatChinaTime } from '@/shared/lib/time';
import { $historyCheck, $proof, $result, $timeCheck, $verifying } from '../model/explorer';

type Status = 'passed' | 'failed' | 'pending';

function Check({ name, title, status, children }: { name: string; title: string; status: Status; children: ReactNode }) {
  const { t } = useTranslation(['verify', 'common']);
  return (
    <li className={`explorer-check explorer-check--${status}`} data-testid={`check-${name}`} data-status={status}>
      <span className="explorer-check__mark" aria-hidden="true">
        {status === 'passed' ? '✓' : status === 'failed' ? '✗' : '…'}
      </span>
      <div className="explorer-check__body">
        <h3 className="explorer-check__title">
          {title}
          <span className="explorer-check__status">{t(`explorer.checks.${status}`)}</span>
        </h3>
        <p className="explorer-check__text">{children}</p>
      </div>
    </li>
  );
}

/** The three checks the browser runs: inclusion and signature, trusted time, the log's history; each passed, failed (the step) or pending. */
export function Checks() {
  const { t } = useTranslation(['verify', 'common']);
  const [inclusion, verifying, time, history, proof] = useUnit([$result, $verifying, $timeCheck, $historyCheck, $proof]);
  const running = t('explorer.checks.running');
  const failed = (step: string) => t('explorer.checks.failedStep', { step });
  return (
    <section className="explorer__card" aria-labelledby="explorer-checks" aria-live="polite">
      <h2 id="explorer-checks">{t('explorer.checks.title')}</h2>
      <ol className="explorer-checks">
        <Check
          name="inclusion"
          title={t('explorer.checks.inclusion.title')}
          status={!inclusion ? 'pending' : inclusion.ok ? 'passed' : 'failed'}
        >
          {!inclusion
            ? verifying
              ? running
              : t('explorer.loading')
            : inclusion.ok
              ? t('explorer.checks.inclusion.passed')
              : failed(t(`explorer.steps.${inclusion.failedStep}`))}
        </Check>
        <Check name="time" title={t('explorer.checks.time.title')} status={time.status}>
          {time.status === 'passed'
            ? t('explorer.checks.time.passed', {
                authority: time.authority ?? '',
                time: formatChinaTime(time.genTime ?? ''),
                zone: t('common:timeZone'),
                policy: time.policy ?? '',
              })
            : time.status === 'failed'
              ? failed(t(`explorer.checks.timeSteps.${time.step}`))
              : time.pending === 'token'
                ? t('explorer.checks.time.pendingToken')
                : running}
        </Check>
        <Check name="history" title={t('explorer.checks.history.title')} status={history.status}>
          {history.status === 'passed'
            ? t('explorer.checks.history.passed', {
                first: proof?.timestamped?.checkpoint.treeSize ?? '',
                second: proof?.checkpoint.treeSize ?? '',
              })
            : history.status === 'failed'
              ? failed(t(`explorer.checks.historySteps.${history.step}`))
              : history.pending === 'token'
                ? t('explorer.checks.history.pendingToken')
                : running}
        </Check>
      </ol>
    </section>
  );
}
