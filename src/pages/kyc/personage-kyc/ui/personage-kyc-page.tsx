import { Button, Spin } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { ImageField, KycLayout } from '@/entities/kyc';
import { translateMessage } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { FormField, useField } from '@/shared/ui/form-field';
import {
  $method,
  $reason,
  $repairing,
  $repairReason,
  $starting,
  $submitting,
  $view,
  documentForm,
  faceForm,
  methodChosen,
  PersonageKycGate,
  personImages,
  repairImages,
  repairSubmitted,
} from '../model/personage-kyc';

function Consent({ form, id }: { form: typeof documentForm | typeof faceForm; id: string }) {
  const { t } = useTranslation('kyc');
  const [values, errors, changed] = useUnit([form.$values, form.$errors, form.fieldChanged]);
  const error = errors.agree;
  return (
    <div>
      <label className="kyc-consent" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={values.agree === '1'}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-error`}
          onChange={(event) =>
            (changed as (c: { name: 'agree'; value: string }) => void)({ name: 'agree', value: event.target.checked ? '1' : '' })
          }
        />
        <span>{t('person.consent')}</span>
      </label>
      <div id={`${id}-error`} className="kyc-error" aria-live="polite">
        {error ? translateMessage(error) : ''}
      </div>
    </div>
  );
}

function DocumentForm() {
  const { t } = useTranslation('kyc');
  const [values, errors, changed, submitted, submitting] = useUnit([
    documentForm.$values,
    documentForm.$errors,
    documentForm.fieldChanged,
    documentForm.submitted,
    $submitting,
  ]);
  const userName = useField(documentForm, 'userName');
  const idCard = useField(documentForm, 'contactIdcard');
  const address = useField(documentForm, 'address');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form className="kyc-form" noValidate onSubmit={onSubmit} aria-label={t('person.document')}>
      <section className="kyc-section">
        <p className="kyc-section__intro">{t('person.documentIntro')}</p>
        <div className="kyc-grid">
          <FormField id="per-userName" label={t('fields.userName')} maxLength={16} {...userName} />
          <FormField id="per-contactIdcard" label={t('fields.idNumber')} maxLength={18} {...idCard} />
          <fieldset className="kyc-choice" aria-describedby="per-authorSex-error">
            <legend className="kyc-choice__legend">{t('fields.sex')}</legend>
            {(['1', '2'] as const).map((value) => (
              <label key={value} className="kyc-choice__option">
                <input
                  type="radio"
                  name="per-authorSex"
                  value={value}
                  checked={values.authorSex === value}
                  onChange={() => changed({ name: 'authorSex', value })}
                />
                {t(value === '1' ? 'sex.male' : 'sex.female')}
              </label>
            ))}
            <div id="per-authorSex-error" className="kyc-error" aria-live="polite">
              {errors.authorSex ? translateMessage(errors.authorSex) : ''}
            </div>
          </fieldset>
          <FormField id="per-address" label={t('fields.personAddress')} maxLength={200} {...address} />
        </div>
        <div className="kyc-images">
          <ImageField set={personImages} field="authorFront" label={t('fields.authorFront')} idPrefix="per" />
          <ImageField set={personImages} field="authorBack" label={t('fields.authorBack')} idPrefix="per" />
          <ImageField set={personImages} field="authorHand" label={t('fields.authorHand')} idPrefix="per" />
        </div>
        <Consent form={documentForm} id="per-agree" />
      </section>
      <div className="kyc-actions">
        <Button htmlType="submit" theme="solid" type="primary" size="large" loading={submitting}>
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}

function FaceForm() {
  const { t } = useTranslation('kyc');
  const [submitted, starting] = useUnit([faceForm.submitted, $starting]);
  const username = useField(faceForm, 'username');
  const idCard = useField(faceForm, 'idCard');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form className="kyc-form" noValidate onSubmit={onSubmit} aria-label={t('person.face')}>
      <section className="kyc-section">
        <p className="kyc-section__intro">{t('person.faceIntro')}</p>
        <div className="kyc-grid">
          <FormField id="face-username" label={t('fields.userName')} maxLength={16} {...username} />
          <FormField id="face-idCard" label={t('fields.idNumber')} maxLength={18} {...idCard} />
        </div>
        <Consent form={faceForm} id="face-agree" />
      </section>
      <div className="kyc-actions">
        <Button htmlType="submit" theme="solid" type="primary" size="large" loading={starting}>
          {t('person.faceStart')}
        </Button>
      </div>
    </form>
  );
}

function Supplement() {
  const { t } = useTranslation('kyc');
  const [submit, repairing, reason] = useUnit([repairSubmitted, $repairing, $repairReason]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  return (
    <form className="kyc-form" noValidate onSubmit={onSubmit} aria-label={t('person.supplementTitle')}>
      {reason ? (
        <div className="kyc-alert kyc-alert--error" role="alert">
          <strong>{t('person.supplementRejected')}</strong> {t('reason', { reason })}
        </div>
      ) : null}
      <section className="kyc-section">
        <h2 className="kyc-section__title">{t('person.supplementTitle')}</h2>
        <p className="kyc-section__intro">{t('person.supplementIntro')}</p>
        <div className="kyc-images">
          <ImageField set={repairImages} field="authorFront" label={t('fields.authorFront')} idPrefix="rep" />
          <ImageField set={repairImages} field="authorBack" label={t('fields.authorBack')} idPrefix="rep" />
        </div>
      </section>
      <div className="kyc-actions">
        <Button htmlType="submit" theme="solid" type="primary" size="large" loading={repairing}>
          {t('person.supplementSubmit')}
        </Button>
      </div>
    </form>
  );
}

/** /personage-kyc: document upload or face recognition; the supplement for face-verified users. */
export function PersonageKycPage() {
  useGate(PersonageKycGate);
  const { t } = useTranslation('kyc');
  const [view, method, choose, reason] = useUnit([$view, $method, methodChosen, $reason]);
  let body;
  if (view === 'loading') body = <Spin size="large" tip={t('loading')} />;
  else if (view === 'form')
    body = (
      <>
        {reason ? (
          <div className="kyc-alert kyc-alert--error" role="alert">
            <strong>{t('rejected')}</strong> {t('reason', { reason })}
          </div>
        ) : null}
        <div className="kyc-tabs" role="group" aria-label={t('person.method')}>
          <button type="button" className="kyc-tab" aria-pressed={method === 'document'} onClick={() => choose('document')}>
            {t('person.document')}
          </button>
          <button type="button" className="kyc-tab" aria-pressed={method === 'face'} onClick={() => choose('face')}>
            {t('person.face')}
          </button>
        </div>
        {method === 'document' ? <DocumentForm /> : <FaceForm />}
        <p className="kyc__intro">
          {t('person.orOrganization')} <Link to={paths.organizationKyc}>{t('goOrganization')}</Link>
        </p>
      </>
    );
  else if (view === 'supplement') body = <Supplement />;
  else {
    const text = (
      {
        review: 'person.underReview',
        supplementReview: 'person.supplementUnderReview',
        verified: 'person.verified',
        organization: 'person.organizationPath',
      } as const
    )[view];
    body = (
      <div className={`kyc-alert${view === 'verified' ? ' kyc-alert--success' : ''}`} role="status" data-testid="kyc-state">
        {t(text)} {view === 'verified' ? <Link to={paths.personInfo}>{t('viewInfo')}</Link> : null}
        {view === 'organization' ? <Link to={paths.organizationKyc}>{t('goOrganization')}</Link> : null}
      </div>
    );
  }
  return (
    <KycLayout title={t('person.title')} intro={t('person.intro')}>
      {body}
    </KycLayout>
  );
}
