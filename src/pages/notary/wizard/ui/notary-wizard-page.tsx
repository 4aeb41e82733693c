import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { EVIDENCE_TYPES, NOTARY_STEPS, type EvidenceType, type NotaryStep } from '@contracts';
import { paths } from '@/shared/routing';
import {
  $activeStep,
  $flags,
  $loadFailed,
  $state,
  $stepsOpen,
  retryClicked,
  stepChosen,
  WizardGate,
  type WizardOpen,
} from '@/features/apply-notary';
import { STEP_SEGMENTS, stepOfSegment } from '@/entities/notary-order';
import { ApplicationStep } from './application-step';
import { DecodeStep } from './decode-step';
import { PayStep } from './pay-step';
import { SignatureStep } from './signature-step';
import './notary-wizard-page.css';

const typeOf = (value: string | undefined): EvidenceType => {
  const n = Number(value);
  return (EVIDENCE_TYPES as readonly number[]).includes(n) ? (n as EvidenceType) : 1;
};

/** Which of the four steps are done (before the current one). */
function isDone(step: NotaryStep, flags: { disabled: boolean; signTure: boolean; payment: boolean }): boolean {
  if (step === 1) return flags.disabled;
  if (step === 2) return flags.signTure;
  if (step === 3) return flags.payment;
  return false;
}

function StepNav() {
  const { t } = useTranslation('notary');
  const [active, open, flags, onChoose] = useUnit([$activeStep, $stepsOpen, $flags, stepChosen]);
  return (
    <nav aria-label={t('wizard.stepsLabel')}>
      <ol className="notary-wizard__steps">
        {NOTARY_STEPS.map((step) => {
          const done = isDone(step, flags);
          const className = `notary-wizard__step-item${step === active ? ' notary-wizard__step-item--active' : ''}${done ? ' notary-wizard__step-item--done' : ''}`;
          return (
            <li key={step} className={className}>
              <button
                type="button"
                disabled={!open[step]}
                aria-current={step === active ? 'step' : undefined}
                onClick={() => onChoose(step)}
              >
                <span className="notary-wizard__step-index" aria-hidden="true">
                  {done ? '✓' : step}
                </span>
                <span>{t(`step.${step}`)}</span>
                {done ? <span className="visually-hidden">{t('wizard.stepDone')}</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The notarisation wizard `/attestation-all/data/readingMaterial/{applicationForm|signature|deCode|pay}/{orderId}/{type}?addOrder`
 * (spec section 2): the wizard flags decide which steps are open; the order's step on the server decides the flags.
 */
export function NotaryWizardPage() {
  const { t } = useTranslation('notary');
  const params = useParams();
  const [search] = useSearchParams();
  const step = stepOfSegment(params.step);
  const orderId = Number(params.orderId);
  const valid = step !== null && Number.isSafeInteger(orderId) && orderId > 0;
  const open = useMemo<WizardOpen | null>(
    () => (valid ? { orderId, step, type: typeOf(params.type), addOrder: search.get('addOrder') === '1' ? 1 : 0 } : null),
    [valid, orderId, step, params.type, search],
  );
  useGate(WizardGate, open);
  const [state, active, failed, onRetry] = useUnit([$state, $activeStep, $loadFailed, retryClicked]);

  if (!valid) {
    return Number.isSafeInteger(orderId) && orderId > 0 ? (
      <Navigate
        to={`${paths.readingMaterial}/${STEP_SEGMENTS[1]}/${orderId}/${typeOf(params.type)}${search.toString() ? `?${search.toString()}` : ''}`}
        replace
      />
    ) : (
      <Navigate to={paths.notarySelectList} replace />
    );
  }

  let body;
  if (failed && !state) {
    body = (
      <div className="notary-wizard__state" role="alert">
        <p>{t('wizard.failed')}</p>
        <Button onClick={onRetry}>{t('list.retry')}</Button>
      </div>
    );
  } else if (!state || state.order.id !== orderId) {
    body = (
      <div className="notary-wizard__state" aria-busy="true">
        <span>{t('list.loading')}</span>
      </div>
    );
  } else if (active === 1) {
    body = <ApplicationStep state={state} />;
  } else if (active === 2) {
    body = <SignatureStep state={state} />;
  } else if (active === 3) {
    body = <DecodeStep state={state} />;
  } else {
    body = <PayStep state={state} />;
  }

  return (
    <div className="page notary-wizard">
      <Link className="notary-wizard__back" to={paths.notary}>
        {t('wizard.back')}
      </Link>
      <div className="notary-wizard__head">
        <h1 className="notary-wizard__title">{t('wizard.title')}</h1>
        {state && state.order.id === orderId ? (
          <p className="notary-wizard__meta">
            {t('wizard.meta', { orderNo: state.order.orderNo, count: state.number, type: t(`evidenceType.${state.order.type}`) })}
          </p>
        ) : null}
      </div>
      <StepNav />
      <section className="notary-wizard__panel" aria-label={t(`step.${active}`)}>
        {body}
      </section>
    </div>
  );
}

/** The bare readingMaterial path goes to the application form of the order it names, or to choosing records for a new one. */
export function ReadingMaterialRedirect() {
  const { orderId, type } = useParams();
  const { search } = useLocation();
  const id = Number(orderId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to={paths.notarySelectList} replace />;
  return <Navigate to={`${paths.readingMaterial}/${STEP_SEGMENTS[1]}/${id}/${typeOf(type)}${search}`} replace />;
}
