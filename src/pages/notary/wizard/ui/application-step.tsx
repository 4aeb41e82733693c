import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation, Trans } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { NOTARY_COPIES_MAX, NOTARY_PURPOSE_NOTE_MAX, NOTARY_PURPOSE_OTHER, NOTARY_PURPOSES, type NotaryState } from '@contracts';
import { paths } from '@/shared/routing';
import { FormField, useField } from '@/shared/ui/form-field';
import { $addresses, $busy, $flags, applicationForm, formSubmitted, materialsReadToggled } from '@/features/apply-notary';
import { NextButton, FieldError } from './step-parts';

const MATERIALS = [1, 2, 3, 4, 5] as const;

/** Step 1: read the application materials, then fill the application form (spec sections 2 and 5). */
export function ApplicationStep({ state }: { state: NotaryState }) {
  const { t } = useTranslation('notary');
  const [flags, values, errors, addresses, busy, onRead, onChange, onSubmit] = useUnit([
    $flags,
    applicationForm.$values,
    applicationForm.$errors,
    $addresses,
    $busy,
    materialsReadToggled,
    applicationForm.fieldChanged,
    formSubmitted,
  ]);
  const note = useField(applicationForm, 'purposeNote');
  const copies = useField(applicationForm, 'copies');
  const readOnly = flags.disabled;
  const applicant = state.applicant;
  return (
    <div className="notary-wizard__step">
      <section aria-labelledby="notary-materials-title">
        <h2 id="notary-materials-title" className="notary-wizard__subtitle">
          {t('wizard.materials.title')}
        </h2>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the text scrolls inside this box, which must take focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
        <div className="notary-wizard__materials" tabIndex={0} role="document" aria-label={t('wizard.materials.title')}>
          {MATERIALS.map((n) => (
            <p key={n}>{t(`wizard.materials.paragraphs.${n}`)}</p>
          ))}
        </div>
        <label className="notary-wizard__check">
          <input
            type="checkbox"
            checked={readOnly || !flags.applyDisabled}
            disabled={readOnly}
            onChange={(event) => onRead(event.target.checked)}
          />
          <span>{t('wizard.materials.read')}</span>
        </label>
      </section>
      <section aria-labelledby="notary-form-title">
        <h2 id="notary-form-title" className="notary-wizard__subtitle">
          {t('wizard.form.title')}
        </h2>
        <dl className="notary-wizard__facts" data-testid="notary-applicant">
          <div>
            <dt>{t(applicant.status === 2 ? 'wizard.form.company' : 'wizard.form.applicant')}</dt>
            <dd>{applicant.name}</dd>
          </div>
          <div>
            <dt>{t(applicant.status === 2 ? 'wizard.form.creditCode' : 'wizard.form.idNumber')}</dt>
            <dd>{applicant.idNumber}</dd>
          </div>
          <div>
            <dt>{t('wizard.form.contact')}</dt>
            <dd>{applicant.contactName}</dd>
          </div>
          <div>
            <dt>{t('wizard.form.phone')}</dt>
            <dd>{applicant.contactPhone}</dd>
          </div>
        </dl>
        <form
          className="notary-wizard__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <fieldset className="notary-wizard__fieldset" disabled={readOnly || busy}>
            <div className="form-field">
              <label className="form-field__label" htmlFor="notary-purpose">
                {t('wizard.form.purpose')}
              </label>
              <select
                id="notary-purpose"
                className="ui-control ui-control--large notary-wizard__select"
                value={values.purpose}
                aria-invalid={Boolean(errors.purpose)}
                aria-describedby="notary-purpose-error"
                onChange={(event) => onChange({ name: 'purpose', value: event.target.value })}
              >
                <option value="">{t('wizard.form.purposeChoose')}</option>
                {NOTARY_PURPOSES.map((code) => (
                  <option key={code} value={code}>
                    {t(`purpose.${code}`)}
                  </option>
                ))}
              </select>
              <FieldError id="notary-purpose-error" error={errors.purpose} />
            </div>
            {values.purpose === String(NOTARY_PURPOSE_OTHER) ? (
              <FormField
                id="notary-purpose-note"
                label={t('wizard.form.purposeNote')}
                maxLength={NOTARY_PURPOSE_NOTE_MAX}
                disabled={readOnly}
                {...note}
              />
            ) : null}
            <FormField
              id="notary-copies"
              label={t('wizard.form.copies', { max: NOTARY_COPIES_MAX })}
              inputMode="numeric"
              maxLength={2}
              disabled={readOnly}
              {...copies}
            />
            <fieldset className="notary-wizard__radios" aria-describedby="notary-delivery-error">
              <legend className="form-field__label">{t('wizard.form.delivery')}</legend>
              {(['1', '2'] as const).map((code) => (
                <label key={code} className="notary-wizard__radio">
                  <input
                    type="radio"
                    name="notary-delivery"
                    value={code}
                    checked={values.delivery === code}
                    onChange={() => onChange({ name: 'delivery', value: code })}
                  />
                  <span>{t(`delivery.${code}`)}</span>
                </label>
              ))}
              <FieldError id="notary-delivery-error" error={errors.delivery} />
            </fieldset>
            {values.delivery === '2' ? (
              <div className="form-field">
                <label className="form-field__label" htmlFor="notary-address">
                  {t('wizard.form.address')}
                </label>
                {addresses.length === 0 ? (
                  <p className="notary-wizard__hint">
                    <Trans t={t} i18nKey="wizard.form.noAddress" components={{ add: <Link to={paths.address} /> }} />
                  </p>
                ) : (
                  <select
                    id="notary-address"
                    className="ui-control ui-control--large notary-wizard__select"
                    value={values.addressId}
                    aria-invalid={Boolean(errors.addressId)}
                    aria-describedby="notary-address-error"
                    onChange={(event) => onChange({ name: 'addressId', value: event.target.value })}
                  >
                    <option value="">{t('wizard.form.addressChoose')}</option>
                    {addresses.map((a) => (
                      <option key={a.id} value={a.id}>
                        {`${a.name} ${a.phoneNumber} ${a.province}${a.city}${a.area}${a.address}`}
                      </option>
                    ))}
                  </select>
                )}
                <FieldError id="notary-address-error" error={errors.addressId} />
              </div>
            ) : null}
          </fieldset>
          <div className="notary-wizard__actions">
            {readOnly ? (
              <NextButton />
            ) : (
              <Button htmlType="submit" theme="solid" type="primary" disabled={flags.applyDisabled} loading={busy}>
                {t('wizard.form.submit')}
              </Button>
            )}
            {!readOnly && flags.applyDisabled ? <span className="notary-wizard__hint">{t('wizard.form.readFirst')}</span> : null}
          </div>
        </form>
      </section>
    </div>
  );
}
