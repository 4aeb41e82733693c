import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { INVOICE_HEAD_MAX, INVOICE_TEXT_MAX, type InvoiceType } from '@contracts';
import { Dialog } from '@/shared/ui/dialog';
import { FormField, useField } from '@/shared/ui/form-field';
import { $editing, $formOpen, $saving, $special, formClosed, headerForm, SPECIAL_FIELDS } from '../model/headers';

const TYPES: readonly InvoiceType[] = ['ENTERPRISE', 'ENTERPRISE_SPECIAL'];
type SpecialField = (typeof SPECIAL_FIELDS)[number];
const LIMITS: Record<SpecialField, { maxLength: number; inputMode?: 'numeric' | 'tel' }> = {
  bankName: { maxLength: INVOICE_TEXT_MAX },
  account: { maxLength: 40, inputMode: 'numeric' },
  street: { maxLength: INVOICE_TEXT_MAX },
  phoneNumber: { maxLength: 20, inputMode: 'tel' },
};

function TypeChoice() {
  const { t } = useTranslation('invoice');
  const [values, changed] = useUnit([headerForm.$values, headerForm.fieldChanged]);
  return (
    <fieldset className="invoice-type-choice">
      <legend className="invoice-type-choice__legend">{t('form.type')}</legend>
      {TYPES.map((type) => (
        <label key={type} className={`invoice-type-choice__option${values.type === type ? ' invoice-type-choice__option--on' : ''}`}>
          <input
            type="radio"
            name="invoice-type"
            value={type}
            checked={values.type === type}
            onChange={() => changed({ name: 'type', value: type })}
          />
          <span className="invoice-type-choice__name">{t(`type.${type}`)}</span>
          <span className="invoice-type-choice__hint">{t(`typeHint.${type}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function SpecialFieldInput({ name, special }: { name: SpecialField; special: boolean }) {
  const { t } = useTranslation('invoice');
  const field = useField(headerForm, name);
  const label = t(`form.${name}`);
  return (
    <FormField
      id={`invoice-header-${name}`}
      label={special ? label : t('form.optional', { label })}
      required={special}
      placeholder={t(`form.placeholder.${name}`)}
      {...LIMITS[name]}
      {...field}
    />
  );
}

/** The add / edit dialog of an invoice header; which fields are required follows the chosen type. */
export function HeaderForm() {
  const { t } = useTranslation('invoice');
  const [open, editing, special, saving, onClose, submitted] = useUnit([
    $formOpen,
    $editing,
    $special,
    $saving,
    formClosed,
    headerForm.submitted,
  ]);
  const head = useField(headerForm, 'head');
  const taxNum = useField(headerForm, 'taxNum');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <Dialog
      title={t(editing ? 'form.editTitle' : 'form.addTitle')}
      open={open}
      onClose={onClose}
      closeLabel={t('form.close')}
      width="560px"
      className="invoice-header-dialog"
    >
      <form className="invoice-header-form" noValidate onSubmit={onSubmit}>
        <TypeChoice />
        <FormField
          id="invoice-header-head"
          label={t('form.head')}
          maxLength={INVOICE_HEAD_MAX}
          placeholder={t('form.placeholder.head')}
          {...head}
        />
        <FormField
          id="invoice-header-taxNum"
          label={t('form.taxNum')}
          maxLength={24}
          placeholder={t('form.placeholder.taxNum')}
          {...taxNum}
        />
        {special ? <p className="invoice-header-form__hint">{t('form.specialHint')}</p> : null}
        <div className="invoice-header-form__grid">
          {SPECIAL_FIELDS.map((name) => (
            <SpecialFieldInput key={name} name={name} special={special} />
          ))}
        </div>
        <div className="invoice-header-form__buttons">
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button htmlType="submit" theme="solid" type="primary" loading={saving}>
            {t('form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
