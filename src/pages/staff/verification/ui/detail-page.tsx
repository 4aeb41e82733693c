import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { KycReviewDetail } from '@/shared/api';
import { paths } from '@/shared/routing';
import { Dialog } from '@/shared/ui/dialog';
import { ListState } from '@/shared/ui/list-state';
import { ReasonDialog } from '@/entities/staff-member';
import { fieldKey, sexKey } from '../lib/labels';
import {
  $detail,
  $detailFailed,
  $view,
  $viewPending,
  approve,
  refuse,
  retryClicked,
  VerificationDetailGate,
  viewClicked,
} from '../model/detail';
import { KycState } from './queue-page';
import './verification.css';

function useFieldLabel(kind: KycReviewDetail['kind']) {
  const { t } = useTranslation('staff-desks');
  return {
    label: (name: string) => t(fieldKey(kind, name), { ns: 'fields', defaultValue: name }),
    value: (name: string, value: string) => {
      const sex = sexKey(name, value);
      return sex ? t(`kyc.detail.${sex}`) : value || t('common.none');
    },
  };
}

function Fields({ kind, fields, testId }: { kind: KycReviewDetail['kind']; fields: { name: string; value: string }[]; testId: string }) {
  const { label, value } = useFieldLabel(kind);
  return (
    <dl className="staff-facts" data-testid={testId}>
      {fields.map((field) => (
        <div key={field.name}>
          <dt>{label(field.name)}</dt>
          <dd>{value(field.name, field.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ClearView({ detail }: { detail: KycReviewDetail }) {
  const { t } = useTranslation('staff-desks');
  const [view, pending, onView] = useUnit([$view, $viewPending, viewClicked]);
  const { label } = useFieldLabel(detail.kind);
  const [large, setLarge] = useState<{ field: string; url: string } | null>(null);
  if (!view) {
    return (
      <div className="kyc-view">
        <p className="staff-panel__intro">
          {t('kyc.detail.imageNames', { names: detail.images.map(label).join(t('common.separator')) || t('common.none') })}
        </p>
        <Button onClick={() => onView()} loading={pending}>
          {t('kyc.detail.view')}
        </Button>
        <p className="staff-muted kyc-view__note">{t('kyc.detail.viewNote')}</p>
      </div>
    );
  }
  return (
    <div className="kyc-view">
      <h3 className="kyc-view__title">{t('kyc.detail.viewing', { minutes: Math.max(1, Math.round(view.expiresIn / 60)) })}</h3>
      <Fields kind={detail.kind} fields={view.fields} testId="kyc-clear-fields" />
      <ul className="kyc-images" aria-label={t('kyc.detail.images')}>
        {view.images.map((image) => (
          <li key={image.field}>
            <button
              type="button"
              className="kyc-images__button"
              aria-label={t('kyc.detail.enlarge', { name: label(image.field) })}
              onClick={() => setLarge(image)}
            >
              <img src={image.url} alt={t('kyc.detail.imageAlt', { name: label(image.field) })} loading="lazy" />
            </button>
            <span>{label(image.field)}</span>
          </li>
        ))}
      </ul>
      <Dialog
        title={large ? t('kyc.detail.imageDialog', { name: label(large.field) }) : ''}
        open={large !== null}
        onClose={() => setLarge(null)}
        closeLabel={t('kyc.detail.close')}
        width="80%"
      >
        {large ? <img className="kyc-images__large" src={large.url} alt={t('kyc.detail.imageAlt', { name: label(large.field) })} /> : null}
      </Dialog>
    </div>
  );
}

function Decision({ detail }: { detail: KycReviewDetail }) {
  const { t } = useTranslation('staff-desks');
  const [approving, refusing, onApprove, onRefuse] = useUnit([approve.$pending, refuse.$pending, approve.clicked, refuse.opened]);
  if (detail.state !== 'pending') {
    return <p data-testid="kyc-decided">{t('kyc.detail.decided', { state: t(`kyc.states.${detail.state}`) })}</p>;
  }
  return (
    <div className="staff-actions">
      <Button theme="solid" type="primary" loading={approving} onClick={() => onApprove(detail)}>
        {t('kyc.detail.approve')}
      </Button>
      <Button type="danger" disabled={refusing} onClick={() => onRefuse(detail)}>
        {t('kyc.detail.refuse')}
      </Button>
    </div>
  );
}

function Detail({ detail }: { detail: KycReviewDetail }) {
  const { t } = useTranslation('staff-desks');
  const f = (key: string) => t(`kyc.fields.${key}`);
  return (
    <>
      <div className="staff-page__head">
        <h1 className="staff-page__title">{t('kyc.detail.title', { id: detail.id })}</h1>
        <KycState state={detail.state} />
      </div>
      <section className="staff-panel" aria-labelledby="kyc-facts">
        <h2 id="kyc-facts" className="staff-panel__title">
          {t('kyc.detail.facts')}
        </h2>
        <dl className="staff-facts">
          <div>
            <dt>{f('kind')}</dt>
            <dd>{t(`kyc.kinds.${detail.kind}`)}</dd>
          </div>
          <div>
            <dt>{f('applicant')}</dt>
            <dd>{detail.applicant || t('common.none')}</dd>
          </div>
          <div>
            <dt>{f('phone')}</dt>
            <dd>{detail.phone}</dd>
          </div>
          <div>
            <dt>{f('submittedAt')}</dt>
            <dd>{detail.submittedAt}</dd>
          </div>
          {detail.decidedAt ? (
            <div>
              <dt>{f('decidedAt')}</dt>
              <dd>{detail.decidedAt}</dd>
            </div>
          ) : null}
          {detail.reason ? (
            <div>
              <dt>{f('reason')}</dt>
              <dd>{detail.reason}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="kyc-submitted">
        <h2 id="kyc-submitted" className="staff-panel__title">
          {t('kyc.detail.submitted')}
        </h2>
        <p className="staff-panel__intro">{t('kyc.detail.maskedNote')}</p>
        <Fields kind={detail.kind} fields={detail.fields} testId="kyc-masked-fields" />
        <ClearView detail={detail} />
      </section>
      <section className="staff-panel" aria-labelledby="kyc-decision">
        <h2 id="kyc-decision" className="staff-panel__title">
          {t('kyc.detail.decision')}
        </h2>
        <Decision detail={detail} />
      </section>
      <ReasonDialog
        id="kyc-refuse-reason"
        action={refuse}
        title={(subject) => t('kyc.refuseDialog.title', { id: subject.id })}
        submitText={t('kyc.refuseDialog.submit')}
        placeholder={t('kyc.refuseDialog.placeholder')}
      />
    </>
  );
}

/** `/staff/verification/{id}`: one submission, its audited clear view, the decision. */
export function StaffVerificationDetailPage() {
  const { t } = useTranslation('staff-desks');
  const id = Number(useParams().id);
  useGate(VerificationDetailGate, { id: Number.isSafeInteger(id) && id > 0 ? id : 0 });
  const [detail, failed, onRetry] = useUnit([$detail, $detailFailed, retryClicked]);
  return (
    <div className="staff-page">
      <Link className="staff-back" to={paths.staffVerification}>
        {t('common.back')}
      </Link>
      {detail && detail.id === id ? (
        <Detail detail={detail} />
      ) : failed ? (
        <ListState kind="error" text={t('common.detailFailed')}>
          <Button onClick={() => onRetry()}>{t('common.retry')}</Button>
        </ListState>
      ) : (
        <ListState kind="loading" text={t('common.loading')} />
      )}
    </div>
  );
}
