import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { useParams } from 'react-router-dom';
import { VERIFICATION_STEPS } from '@proof/merkle';
import { CopyButton } from '@/shared/ui/copy-button';
import { formatChinaTime } from '@/shared/lib/time';
import { HashText } from '@/entities/evidence';
import { $chainhash, $failed, $loading, $notFound, $proof, $publicKey, $result, $verifying, ExplorerGate } from '../model/explorer';
import { Checks } from './checks';
import './explorer-page.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="explorer__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Verdict() {
  const { t } = useTranslation(['verify', 'common']);
  const [result, verifying] = useUnit([$result, $verifying]);
  if (!result)
    return <p className="explorer-verdict explorer-verdict--pending">{verifying ? t('explorer.verifying') : t('explorer.loading')}</p>;
  const failedAt = result.ok ? VERIFICATION_STEPS.length : VERIFICATION_STEPS.indexOf(result.failedStep);
  return (
    <section
      className={`explorer-verdict ${result.ok ? 'explorer-verdict--ok' : 'explorer-verdict--bad'}`}
      aria-live="polite"
      data-testid="explorer-verdict"
    >
      <h2 className="explorer-verdict__title">{result.ok ? t('explorer.verified') : t('explorer.failedTitle')}</h2>
      <p className="explorer-verdict__text">
        {result.ok ? t('explorer.verifiedText') : t('explorer.failedStep', { step: t(`explorer.steps.${result.failedStep}`) })}
      </p>
      <h3 className="explorer-verdict__steps-title">{t('explorer.stepsTitle')}</h3>
      <ol className="explorer-steps">
        {VERIFICATION_STEPS.map((step, index) => {
          const state = index < failedAt ? 'ok' : index === failedAt ? 'failed' : 'skipped';
          return (
            <li key={step} className={`explorer-steps__item explorer-steps__item--${state}`}>
              <span className="explorer-steps__mark" aria-hidden="true">
                {state === 'ok' ? '✓' : state === 'failed' ? '✗' : '–'}
              </span>
              <span>{t(`explorer.steps.${step}`)}</span>
              <span className="explorer-steps__state">
                {t(state === 'ok' ? 'explorer.stepOk' : state === 'failed' ? 'explorer.stepFailed' : 'explorer.stepSkipped')}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** /explorer/{chainhash}: a log entry, its inclusion proof and the latest signed checkpoint, verified in the browser. */
export function ExplorerPage() {
  const { chainhash: param = '' } = useParams();
  useGate(ExplorerGate, { chainhash: param });
  const { t } = useTranslation(['verify', 'common']);
  const [chainhash, proof, key, loading, failed, notFound] = useUnit([$chainhash, $proof, $publicKey, $loading, $failed, $notFound]);

  return (
    <div className="page explorer">
      <h1 className="explorer__title">{t('explorer.title')}</h1>
      <p className="explorer__intro">{t('explorer.intro')}</p>
      {failed && !loading ? (
        <p className="explorer-verdict explorer-verdict--bad" role="alert">
          {notFound ? t('explorer.notFound') : t('explorer.failed')}
        </p>
      ) : (
        <>
          <Verdict />
          <Checks />
        </>
      )}
      {proof ? (
        <>
          <section className="explorer__card" aria-labelledby="explorer-entry">
            <h2 id="explorer-entry">{t('explorer.entryTitle')}</h2>
            <dl>
              <Fact label={t('explorer.chainhash')}>
                <HashText value={chainhash} />
                <CopyButton value={chainhash} what={t('explorer.chainhash')} testId="copy-chainhash" />
              </Fact>
              <Fact label={t('explorer.leafIndex')}>{proof.leafIndex}</Fact>
              <Fact label={t('explorer.entry')}>
                <pre className="explorer__pre">{proof.entry}</pre>
                <CopyButton value={proof.entry} what={t('explorer.entry')} testId="copy-entry" />
              </Fact>
            </dl>
          </section>
          <section className="explorer__card" aria-labelledby="explorer-proof">
            <h2 id="explorer-proof">{t('explorer.proofTitle')}</h2>
            <dl>
              <Fact label={t('explorer.auditPath')}>
                {proof.auditPath.length === 0 ? (
                  t('explorer.auditPathEmpty')
                ) : (
                  <ol className="explorer__path">
                    {proof.auditPath.map((hash, index) => (
                      <li key={`${index}-${hash}`}>
                        <HashText value={hash} />
                      </li>
                    ))}
                  </ol>
                )}
              </Fact>
            </dl>
          </section>
          <section className="explorer__card" aria-labelledby="explorer-checkpoint">
            <h2 id="explorer-checkpoint">{t('explorer.checkpointTitle')}</h2>
            <dl>
              <Fact label={t('explorer.treeSize')}>{proof.checkpoint.treeSize}</Fact>
              <Fact label={t('explorer.rootHash')}>
                <HashText value={proof.checkpoint.rootHash} />
                <CopyButton value={proof.checkpoint.rootHash} what={t('explorer.rootHash')} testId="copy-root" />
              </Fact>
              <Fact label={t('explorer.timestamp')}>
                <time dateTime={proof.checkpoint.timestamp}>
                  {formatChinaTime(proof.checkpoint.timestamp)} {t('common:timeZone')}
                </time>
              </Fact>
              <Fact label={t('explorer.signedText')}>
                <pre className="explorer__pre">{proof.checkpoint.signedText}</pre>
              </Fact>
              <Fact label={t('explorer.signature')}>
                <HashText value={proof.checkpoint.signature} />
              </Fact>
            </dl>
          </section>
        </>
      ) : null}
      {proof?.timestamped ? (
        <section className="explorer__card" aria-labelledby="explorer-timestamped">
          <h2 id="explorer-timestamped">{t('explorer.timestampedTitle')}</h2>
          <dl>
            <Fact label={t('explorer.treeSize')}>{proof.timestamped.checkpoint.treeSize}</Fact>
            <Fact label={t('explorer.rootHash')}>
              <HashText value={proof.timestamped.checkpoint.rootHash} />
            </Fact>
            <Fact label={t('explorer.timestamp')}>
              <time dateTime={proof.timestamped.checkpoint.timestamp}>
                {formatChinaTime(proof.timestamped.checkpoint.timestamp)} {t('common:timeZone')}
              </time>
            </Fact>
            <Fact label={t('explorer.timestampToken')}>
              <CopyButton
                value={proof.timestamped.checkpoint.timestampToken ?? ''}
                what={t('explorer.timestampToken')}
                testId="copy-timestamp-token"
              />
            </Fact>
          </dl>
        </section>
      ) : null}
      {key ? (
        <section className="explorer__card" aria-labelledby="explorer-key">
          <h2 id="explorer-key">{t('explorer.keyTitle')}</h2>
          <dl>
            <Fact label={t('explorer.algorithm')}>{key.algorithm}</Fact>
            <Fact label={t('explorer.publicKey')}>
              <HashText value={key.publicKey} />
            </Fact>
            <Fact label={t('explorer.keyId')}>
              <HashText value={key.keyId} />
            </Fact>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
