import { Button, Spin } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { ImageField, KycLayout } from '@/entities/kyc';
import { translateMessage } from '@/shared/i18n';
import { formatChinaDate } from '@/shared/lib/time';
import { paths } from '@/shared/routing';
import { FormField, useField } from '@/shared/ui/form-field';
import { $reason, $submitting, $view, orgForm, orgImages, OrganizationKycGate } from '../model/organization-kyc';

function Text({
  name,
  label,
  type = 'text',
  maxLength = 100,
  inputMode,
}: {
  name: string;
  label: string;
  type?: 'text' | 'tel';
  maxLength?: number;
  inputMode?: 'numeric' | 'tel' | 'text';
}) {
  const field = useField(orgForm, name as never);
  return <FormField id={`org-${name}`} label={label} type={type} maxLength={maxLength} inputMode={inputMode} {...field} />;
}

function Sex() {
  const { t } = useTranslation('kyc');
  const [values, errors, changed] = useUnit([orgForm.$values, orgForm.$errors, orgForm.fieldChanged]);
  const error = errors.authorSex;
  return (
    <fieldset className="kyc-choice" aria-describedby="org-authorSex-error">
      <legend className="kyc-choice__legend">{t('fields.authorSex')}</legend>
      {(['1', '2'] as const).map((value) => (
        <label key={value} className="kyc-choice__option">
          <input
            type="radio"
            name="org-authorSex"
            value={value}
            checked={values.authorSex === value}
            onChange={() => changed({ name: 'authorSex', value })}
          />
          {t(value === '1' ? 'sex.male' : 'sex.female')}
        </label>
      ))}
      <div id="org-authorSex-error" className="kyc-error" aria-live="polite">
        {error ? translateMessage(error) : ''}
      </div>
    </fieldset>
  );
}

function BirthDate() {
  const { t } = useTranslation('kyc');
  const [values, errors, changed, blurred] = useUnit([orgForm.$values, orgForm.$errors, orgForm.fieldChanged, orgForm.fieldBlurred]);
  const error = errors.authorBrith;
  return (
    <div className="kyc-native">
      <label className="kyc-native__label" htmlFor="org-authorBrith">
        {t('fields.authorBrith')}
      </label>
      <input
        id="org-authorBrith"
        className="ui-control ui-control--large kyc-native__input"
        type="date"
        max={formatChinaDate(Date.now())}
        value={values.authorBrith}
        aria-invalid={Boolean(error)}
        aria-describedby="org-authorBrith-error"
        onChange={(event) => changed({ name: 'authorBrith', value: event.target.value })}
        onBlur={() => blurred('authorBrith')}
      />
      <div id="org-authorBrith-error" className="kyc-error" aria-live="polite">
        {error ? translateMessage(error) : ''}
      </div>
    </div>
  );
}

function OrgForm() {
  const { t } = useTranslation('kyc');
  const [submitted, submitting, reason] = useUnit([orgForm.submitted, $submitting, $reason]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  const f = (name: SubKeys<'kyc', 'fields'>) => t(`fields.${name}`);
  return (
    <form className="kyc-form" noValidate onSubmit={onSubmit} aria-label={t('organization.title')}>
      {reason ? (
        <div className="kyc-alert kyc-alert--error" role="alert">
          <strong>{t('rejected')}</strong> {t('reason', { reason })}
        </div>
      ) : null}
      <section className="kyc-section" aria-labelledby="org-s1">
        <h2 id="org-s1" className="kyc-section__title">
          {t('organization.sectionCompany')}
        </h2>
        <div className="kyc-grid">
          <Text name="company" label={f('company')} />
          <Text name="taxNumber" label={f('taxNumber')} maxLength={18} />
          <Text name="address" label={f('companyAddress')} maxLength={200} />
        </div>
        <div className="kyc-images">
          <ImageField set={orgImages} field="license" label={f('license')} idPrefix="org" />
        </div>
      </section>
      <section className="kyc-section" aria-labelledby="org-s2">
        <h2 id="org-s2" className="kyc-section__title">
          {t('organization.sectionLegal')}
        </h2>
        <div className="kyc-grid">
          <Text name="legalName" label={f('legalName')} maxLength={6} />
          <Text name="legalPhone" label={f('legalPhone')} type="tel" maxLength={11} inputMode="tel" />
          <Text name="legalIdcard" label={f('legalIdcard')} maxLength={18} />
          <Text name="legalAddress" label={f('legalAddress')} maxLength={200} />
        </div>
        <div className="kyc-images">
          <ImageField set={orgImages} field="legalFile" label={f('legalFile')} idPrefix="org" />
        </div>
      </section>
      <section className="kyc-section" aria-labelledby="org-s3">
        <h2 id="org-s3" className="kyc-section__title">
          {t('organization.sectionAccount')}
        </h2>
        <div className="kyc-grid">
          <Text name="accountName" label={f('accountName')} />
          <Text name="accountBank" label={f('accountBank')} />
          <Text name="accountNo" label={f('accountNo')} maxLength={30} inputMode="numeric" />
        </div>
      </section>
      <section className="kyc-section" aria-labelledby="org-s4">
        <h2 id="org-s4" className="kyc-section__title">
          {t('organization.sectionContact')}
        </h2>
        <div className="kyc-grid">
          <Text name="contactName" label={f('contactName')} maxLength={6} />
          <Text name="contactPhone" label={f('contactPhone')} type="tel" maxLength={11} inputMode="tel" />
          <Text name="contactIdcard" label={f('contactIdcard')} maxLength={18} />
        </div>
      </section>
      <section className="kyc-section" aria-labelledby="org-s5">
        <h2 id="org-s5" className="kyc-section__title">
          {t('organization.sectionAuthor')}
        </h2>
        <p className="kyc-section__intro">{t('organization.authorIntro')}</p>
        <div className="kyc-grid">
          <Text name="authorName" label={f('authorName')} maxLength={6} />
          <Sex />
          <BirthDate />
          <Text name="authorPhone" label={f('authorPhone')} type="tel" maxLength={11} inputMode="tel" />
          <Text name="authorIdcard" label={f('authorIdcard')} maxLength={18} />
          <Text name="authorAddress" label={f('authorAddress')} maxLength={200} />
        </div>
        <div className="kyc-images">
          <ImageField set={orgImages} field="file" label={f('file')} idPrefix="org" />
          <ImageField set={orgImages} field="authorFront" label={f('authorFront')} idPrefix="org" />
          <ImageField set={orgImages} field="authorBack" label={f('authorBack')} idPrefix="org" />
        </div>
      </section>
      <div className="kyc-actions">
        <Button htmlType="submit" theme="solid" type="primary" size="large" loading={submitting}>
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}

/** /organization-kyc: the enterprise verification form, or where the verification stands. */
export function OrganizationKycPage() {
  useGate(OrganizationKycGate);
  const { t } = useTranslation('kyc');
  const view = useUnit($view);
  let body;
  if (view === 'loading') body = <Spin size="large" tip={t('loading')} />;
  else if (view === 'form') body = <OrgForm />;
  else if (view === 'review')
    body = (
      <div className="kyc-alert" role="status" data-testid="kyc-state">
        {t('organization.underReview')}
      </div>
    );
  else if (view === 'verified')
    body = (
      <div className="kyc-alert kyc-alert--success" role="status" data-testid="kyc-state">
        {t('organization.verified')} <Link to={paths.kycInfo}>{t('viewInfo')}</Link>
      </div>
    );
  else
    body = (
      <div className="kyc-alert" role="status" data-testid="kyc-state">
        {t('organization.personalPath')} <Link to={paths.personageKyc}>{t('goPersonal')}</Link>
      </div>
    );
  return (
    <KycLayout title={t('organization.title')} intro={t('organization.intro')}>
      {body}
    </KycLayout>
  );
}
