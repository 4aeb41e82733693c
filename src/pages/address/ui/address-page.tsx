import { Button, Checkbox, Modal, Spin, Tag } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import type { Address } from '@contracts';
import { translateMessage, useTranslation } from '@/shared/i18n';
import { FormField } from '@/shared/ui/form-field';
import {
  $actionPending,
  $addresses,
  $editing,
  $failed,
  $formOpen,
  $loading,
  $levels,
  $saving,
  addClicked,
  AddressGate,
  addressForm,
  deleteClicked,
  editClicked,
  formClosed,
  loadRegionFx,
  regionChosen,
  retryClicked,
  setDefaultClicked,
} from '../model/address';
import { RegionPicker } from './region-picker';
import './address-page.css';

const regionText = (a: Address) => [a.province, a.city, a.area].filter(Boolean).join(' ');

function Actions({ address }: { address: Address }) {
  const { t } = useTranslation('address');
  const [pending, onEdit, onDefault, onDelete] = useUnit([$actionPending, editClicked, setDefaultClicked, deleteClicked]);
  return (
    <div className="address__actions">
      <Button size="small" theme="borderless" onClick={() => onEdit(address)} aria-label={t('edit.aria', { name: address.name })}>
        {t('edit.action')}
      </Button>
      {address.status === 1 ? null : (
        <Button
          size="small"
          theme="borderless"
          disabled={pending}
          onClick={() => onDefault(address)}
          aria-label={t('setDefault.aria', { name: address.name })}
        >
          {t('setDefault.action')}
        </Button>
      )}
      <Button
        size="small"
        theme="borderless"
        type="danger"
        disabled={pending}
        onClick={() => onDelete(address)}
        aria-label={t('delete.aria', { name: address.name })}
      >
        {t('delete.action')}
      </Button>
    </div>
  );
}

function Badges({ address }: { address: Address }) {
  const { t } = useTranslation('address');
  return (
    <>
      {address.status === 1 ? (
        <Tag color="green" size="small">
          {t('defaultBadge')}
        </Tag>
      ) : null}
      {address.noInvoiceMail ? (
        <Tag color="orange" size="small">
          {t('noInvoiceMail')}
        </Tag>
      ) : null}
    </>
  );
}

/** Desktop: a table. */
function AddressTable() {
  const { t } = useTranslation('address');
  const addresses = useUnit($addresses);
  return (
    <table className="address__table" data-testid="address-table">
      <thead>
        <tr>
          <th scope="col">{t('column.name')}</th>
          <th scope="col">{t('column.region')}</th>
          <th scope="col">{t('column.address')}</th>
          <th scope="col">{t('column.phone')}</th>
          <th scope="col">{t('column.email')}</th>
          <th scope="col">{t('column.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {addresses.map((a) => (
          <tr key={a.id} data-testid="address-row">
            <td>
              <span className="address__name">{a.name}</span> <Badges address={a} />
            </td>
            <td>{regionText(a)}</td>
            <td className="address__detail">{a.address}</td>
            <td>{a.phoneNumber}</td>
            <td className="address__email">{a.email}</td>
            <td>
              <Actions address={a} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phone width: cards. */
function AddressCards() {
  const addresses = useUnit($addresses);
  return (
    <ul className="address__cards" data-testid="address-cards">
      {addresses.map((a) => (
        <li key={a.id} className="address__card-item" data-testid="address-row">
          <div className="address__card-head">
            <span className="address__name">{a.name}</span>
            <span>{a.phoneNumber}</span>
            <Badges address={a} />
          </div>
          <p className="address__card-line">
            {regionText(a)} {a.address}
          </p>
          <p className="address__card-line address__email">{a.email}</p>
          <Actions address={a} />
        </li>
      ))}
    </ul>
  );
}

function AddressForm() {
  const { t } = useTranslation('address');
  const [open, editing, onClose, values, errors, changed, blurred, submitted, saving, levels, onRegion, loadRegion] = useUnit([
    $formOpen,
    $editing,
    formClosed,
    addressForm.$values,
    addressForm.$errors,
    addressForm.fieldChanged,
    addressForm.fieldBlurred,
    addressForm.submitted,
    $saving,
    $levels,
    regionChosen,
    loadRegionFx,
  ]);
  const regionRef = errors.province ?? errors.city ?? errors.area;
  const regionError = regionRef ? translateMessage(regionRef) : '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  const text = (
    name: 'name' | 'address' | 'phoneNumber' | 'email',
    extra: { type?: 'tel'; inputMode?: 'tel' | 'email'; maxLength: number; autoComplete: string },
  ) => (
    <FormField
      id={`address-${name}`}
      label={t(`field.${name}`)}
      value={values[name]}
      error={errors[name]}
      placeholder={t(`placeholder.${name}`)}
      onChange={(value) => changed({ name, value })}
      onBlur={() => blurred(name)}
      {...extra}
    />
  );
  return (
    <Modal
      className="address-modal"
      title={t(editing ? 'edit.title' : 'add.title')}
      visible={open}
      onCancel={onClose}
      footer={null}
      width={560}
      closeOnEsc
    >
      <form className="address-form" noValidate onSubmit={onSubmit}>
        {text('name', { maxLength: 20, autoComplete: 'name' })}
        <RegionPicker levels={levels} value={values} error={regionError} onChange={onRegion} onLoad={loadRegion} />
        {text('address', { maxLength: 100, autoComplete: 'street-address' })}
        {text('phoneNumber', { type: 'tel', inputMode: 'tel', maxLength: 11, autoComplete: 'tel' })}
        {text('email', { inputMode: 'email', maxLength: 64, autoComplete: 'email' })}
        <Checkbox
          checked={values.status === '1'}
          onChange={(event) => changed({ name: 'status', value: event.target.checked ? '1' : '0' })}
        >
          {t('field.status')}
        </Checkbox>
        <p className="address-form__hint">{t('invoiceHint')}</p>
        <div className="address-form__buttons">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button htmlType="submit" theme="solid" type="primary" loading={saving}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** /address: at most 5; add, edit, delete, default; region from the district data. */
export function AddressPage() {
  useGate(AddressGate);
  const { t } = useTranslation('address');
  const [addresses, loading, failed, onAdd, onRetry] = useUnit([$addresses, $loading, $failed, addClicked, retryClicked]);
  let body;
  if (failed && addresses.length === 0) {
    body = (
      <div className="address__state" role="alert">
        <p>{t('failed')}</p>
        <Button onClick={onRetry}>{t('retry')}</Button>
      </div>
    );
  } else if (!loading && addresses.length === 0) {
    body = <p className="address__state">{t('empty')}</p>;
  } else {
    body = (
      <>
        <AddressTable />
        <AddressCards />
      </>
    );
  }
  return (
    <div className="page address">
      <div className="address__head">
        <h1 className="address__title">{t('title')}</h1>
        <Button theme="solid" type="primary" onClick={onAdd}>
          {t('add.open')}
        </Button>
      </div>
      <p className="address__intro">{t('intro', { count: addresses.length })}</p>
      <section className="address__card" aria-busy={loading}>
        <Spin spinning={loading} tip={t('loading')}>
          {body}
        </Spin>
      </section>
      <AddressForm />
    </div>
  );
}
