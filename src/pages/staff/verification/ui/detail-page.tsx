import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import type { KycReviewDetail } from '@contracts';
import { paths } from '@/shared/routing';
import { Dialog } from '@/shared/ui/dialog';
import { ReasonDialog, RevealValue } from '@/entities/staff-member';
import { DeskActions, DeskDetailHead, DeskDetailPage, DeskFacts, DeskPanel } from '@/widgets/staff-desk';
import { fieldKey, sexKey } from '../lib/labels';
import { $view, $viewPending, approve, phoneReveal, refuse, verificationRecord, viewClicked } from '../model/detail';
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
  return <DeskFacts testId={testId} facts={fields.map((field) => [label(field.name), value(field.name, field.value)])} />;
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
  const buttons = [
    { key: 'approve', text: t('kyc.detail.approve'), loading: approving, onClick: () => onApprove(detail) },
    { key: 'refuse', text: t('kyc.detail.refuse'), danger: true, onClick: () => onRefuse(detail) },
  ];
  const decided = <p data-testid="kyc-decided">{t('kyc.detail.decided', { state: t(`kyc.states.${detail.state}`) })}</p>;
  const dialog = (
    <ReasonDialog
      id="kyc-refuse-reason"
      action={refuse}
      title={(subject) => t('kyc.refuseDialog.title', { id: subject.id })}
      submitText={t('kyc.refuseDialog.submit')}
      placeholder={t('kyc.refuseDialog.placeholder')}
    />
  );
  return <DeskActions actions={detail.state === 'pending' ? buttons : []} busy={approving || refusing} none={decided} dialogs={dialog} />;
}

function Detail({ detail }: { detail: KycReviewDetail }) {
  const { t } = useTranslation('staff-desks');
  const f = (key: SubKeys<'staff-desks', 'kyc.fields'>) => t(`kyc.fields.${key}`);
  return (
    <>
      <DeskDetailHead title={t('kyc.detail.title', { id: detail.id })} state={<KycState state={detail.state} />} />
      <DeskPanel id="kyc-facts" title={t('kyc.detail.facts')}>
        <DeskFacts
          facts={[
            [f('kind'), t(`kyc.kinds.${detail.kind}`)],
            [f('applicant'), detail.applicant],
            [f('phone'), <RevealValue reveal={phoneReveal} id={detail.id} field="phone" masked={detail.phone} what={f('phone')} />],
            [f('submittedAt'), detail.submittedAt],
            [f('decidedAt'), detail.decidedAt || null],
            [f('reason'), detail.reason || null],
          ]}
        />
      </DeskPanel>
      <DeskPanel id="kyc-submitted" title={t('kyc.detail.submitted')}>
        <p className="staff-panel__intro">{t('kyc.detail.maskedNote')}</p>
        <Fields kind={detail.kind} fields={detail.fields} testId="kyc-masked-fields" />
        <ClearView detail={detail} />
      </DeskPanel>
      <DeskPanel id="kyc-decision" title={t('kyc.detail.decision')}>
        <Decision detail={detail} />
      </DeskPanel>
    </>
  );
}

/** `/staff/verification/{id}`: one submission, its audited clear view, the decision. */
export function StaffVerificationDetailPage() {
  return (
    <DeskDetailPage model={verificationRecord} back={paths.staffVerification}>
      {(detail) => <Detail detail={detail} />}
    </DeskDetailPage>
  );
}
