import { Button, Progress, Radio, RadioGroup } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  NOTARY_COPIES_MAX,
  NOTARY_PAGE_SIZE,
  NOTARY_PURPOSE_NOTE_MAX,
  NOTARY_PURPOSE_OTHER,
  NOTARY_PURPOSES,
  NOTARY_TRANSFER,
  type NotaryState,
} from '@/shared/api';
import { translateMessage } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { paths } from '@/shared/routing';
import { FormField, useField } from '@/shared/ui/form-field';
import {
  $addresses,
  $busy,
  $decodeAgreed,
  $decodeCount,
  $decodePage,
  $decodeRows,
  $flags,
  $insufficient,
  $payment,
  $payMethod,
  $transferError,
  $transferProgress,
  $transferSending,
  applicationForm,
  decodeAgreedToggled,
  decodeClicked,
  decodePageChanged,
  formSubmitted,
  materialsReadToggled,
  nextClicked,
  payClicked,
  payMethodChosen,
  signClicked,
  transferFileChosen,
} from '@/features/apply-notary';
import { NotaryDataTable } from '@/entities/notary-order';

const MATERIALS = [1, 2, 3, 4, 5] as const;

function NextButton() {
  const { t } = useTranslation('notary');
  const onNext = useUnit(nextClicked);
  return (
    <Button theme="solid" type="primary" onClick={onNext}>
      {t('wizard.next')}
    </Button>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <div id={id} className="form-field__error" aria-live="polite">
      {error ? translateMessage(error) : ''}
    </div>
  );
}

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
        <div className="notary-wizard__materials" tabIndex={0} role="document" aria-label={t('wizard.materials.title')}>
          {MATERIALS.map((n) => (
            <p key={n}>{t(`wizard.materials.paragraphs.${n}`)}</p>
          ))}
        </div>
        <label className="notary-wizard__check">
          <input type="checkbox" checked={readOnly || !flags.applyDisabled} disabled={readOnly} onChange={(event) => onRead(event.target.checked)} />
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
              <FormField id="notary-purpose-note" label={t('wizard.form.purposeNote')} maxLength={NOTARY_PURPOSE_NOTE_MAX} disabled={readOnly} {...note} />
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
                  <input type="radio" name="notary-delivery" value={code} checked={values.delivery === code} onChange={() => onChange({ name: 'delivery', value: code })} />
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
                    {t('wizard.form.noAddress')} <Link to={paths.address}>{t('wizard.form.addAddress')}</Link>
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

/** Step 2: sign online with the user's default seal. */
export function SignatureStep({ state }: { state: NotaryState }) {
  const { t } = useTranslation('notary');
  const [flags, busy, onSign] = useUnit([$flags, $busy, signClicked]);
  const seal = state.seal;
  return (
    <div className="notary-wizard__step">
      <h2 className="notary-wizard__subtitle">{t('wizard.sign.title')}</h2>
      <p className="notary-wizard__text">{t('wizard.sign.intro')}</p>
      {seal ? (
        <figure className="notary-wizard__seal">
          <img src={seal.picUrl} alt={t('wizard.sign.sealAlt', { name: seal.name })} />
          <figcaption>{seal.name}</figcaption>
        </figure>
      ) : (
        <p className="notary-wizard__warning" role="alert">
          {t('wizard.sign.noSeal')} <Link to={paths.signature}>{t('wizard.sign.goSeal')}</Link>
        </p>
      )}
      <div className="notary-wizard__actions">
        {flags.signTure ? (
          <>
            <span className="notary-wizard__done">{t('wizard.sign.signedAt', { time: state.signedAt })}</span>
            <NextButton />
          </>
        ) : (
          <Button theme="solid" type="primary" disabled={!seal} loading={busy} onClick={onSign}>
            {t('wizard.sign.submit')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Step 3: authorise the notary office to decrypt the order's records. */
export function DecodeStep({ state }: { state: NotaryState }) {
  const { t } = useTranslation('notary');
  const [flags, rows, count, page, agreed, busy, onPage, onAgree, onDecode] = useUnit([
    $flags,
    $decodeRows,
    $decodeCount,
    $decodePage,
    $decodeAgreed,
    $busy,
    decodePageChanged,
    decodeAgreedToggled,
    decodeClicked,
  ]);
  const done = flags.payment;
  const pages = Math.max(1, Math.ceil(count / NOTARY_PAGE_SIZE));
  return (
    <div className="notary-wizard__step">
      <h2 className="notary-wizard__subtitle">{t('wizard.decode.title')}</h2>
      <p className="notary-wizard__text">{t('wizard.decode.intro', { count: state.number })}</p>
      <NotaryDataTable type={state.order.type} rows={rows} caption={t('wizard.decode.caption')} />
      {pages > 1 ? (
        <nav className="notary-wizard__pager" aria-label={t('list.pagination')}>
          <button type="button" className="notary-wizard__pager-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('list.prev')}
          </button>
          <span aria-current="page">{t('list.page', { page, pages })}</span>
          <button type="button" className="notary-wizard__pager-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('list.next')}
          </button>
        </nav>
      ) : null}
      <div className="notary-wizard__actions">
        {done ? (
          <>
            <span className="notary-wizard__done">{t('wizard.decode.doneAt', { time: state.decodeAt })}</span>
            <NextButton />
          </>
        ) : (
          <>
            <label className="notary-wizard__check">
              <input type="checkbox" checked={agreed} onChange={(event) => onAgree(event.target.checked)} />
              <span>{t('wizard.decode.agree')}</span>
            </label>
            <Button theme="solid" type="primary" loading={busy} onClick={onDecode}>
              {t('wizard.decode.submit')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/** Step 4: pay the order's points (spec section 7: POST /api/Evidences/pay). */
/** Step 4 by bank transfer: the office's account, the amount in yuan, the screenshot (sent, waiting, or rejected). */
function TransferPanel({ state }: { state: NotaryState }) {
  const { t } = useTranslation('notary');
  const [error, progress, sending, onFile] = useUnit([$transferError, $transferProgress, $transferSending, transferFileChosen]);
  const { transfer, bank } = state;
  const waiting = transfer.status === NOTARY_TRANSFER.waiting;
  return (
    <div className="notary-transfer" data-testid="notary-transfer">
      <dl className="notary-wizard__facts notary-wizard__facts--bank">
        <div>
          <dt>{t('wizard.transfer.accountName')}</dt>
          <dd>{bank.accountName}</dd>
        </div>
        <div>
          <dt>{t('wizard.transfer.bankName')}</dt>
          <dd>{bank.bankName}</dd>
        </div>
        <div>
          <dt>{t('wizard.transfer.accountNo')}</dt>
          <dd className="notary-wizard__number">{bank.accountNo}</dd>
        </div>
        <div>
          <dt>{t('wizard.transfer.amount')}</dt>
          <dd className="notary-wizard__money" data-testid="notary-transfer-amount">
            {t('wizard.transfer.yuan', { amount: formatAmount(state.order.money) })}
          </dd>
        </div>
      </dl>
      {transfer.status === NOTARY_TRANSFER.rejected ? (
        <p className="notary-wizard__warning" role="alert">
          {t('wizard.transfer.rejected', { reason: transfer.rejectReason })}
        </p>
      ) : null}
      {waiting ? (
        <div className="notary-transfer__waiting" role="status">
          <img className="notary-transfer__thumb" src={transfer.imageUrl} alt={t('wizard.transfer.imageAlt')} />
          <p className="notary-wizard__text">{t('wizard.transfer.waiting', { time: transfer.submittedAt })}</p>
        </div>
      ) : (
        <>
          <p className="notary-wizard__text">{t('wizard.transfer.note')}</p>
          <div className="notary-transfer__upload">
            <label className="notary-transfer__label" htmlFor="notary-transfer-file">
              {t('wizard.transfer.upload')}
            </label>
            <input
              id="notary-transfer-file"
              className="notary-transfer__file"
              type="file"
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              disabled={sending}
              aria-describedby="notary-transfer-hint notary-transfer-error"
              aria-invalid={Boolean(error)}
              onChange={(event) => {
                const picked = event.target.files?.[0];
                // The same file may be picked again after a refusal.
                event.target.value = '';
                if (picked) onFile(picked);
              }}
            />
            <p id="notary-transfer-hint" className="notary-transfer__hint">
              {t('wizard.transfer.hint')}
            </p>
            {progress !== null ? <Progress percent={progress} showInfo aria-label={t('wizard.transfer.progress')} /> : null}
            <div id="notary-transfer-error" className="notary-transfer__error" aria-live="polite">
              {error}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** Step 4 with points: the payment order and the balance. */
function PointsPanel() {
  const { t } = useTranslation('notary');
  const [payment, insufficient, busy, onPay] = useUnit([$payment, $insufficient, $busy, payClicked]);
  if (!payment) {
    return (
      <div aria-busy="true">
        <p>{t('list.loading')}</p>
      </div>
    );
  }
  return (
    <>
      <dl className="notary-wizard__facts notary-wizard__facts--pay" data-testid="notary-pay-facts">
        <div>
          <dt>{t('wizard.pay.payOrderNo')}</dt>
          <dd className="notary-wizard__number">{payment.proOrderNo}</dd>
        </div>
        <div>
          <dt>{t('wizard.pay.records')}</dt>
          <dd>{payment.number}</dd>
        </div>
        <div>
          <dt>{t('wizard.pay.price')}</dt>
          <dd>{t('wizard.pay.perRecord', { points: formatAmount(payment.price) })}</dd>
        </div>
        <div>
          <dt>{t('wizard.pay.money')}</dt>
          <dd className="notary-wizard__money" data-testid="notary-pay-money">
            {formatAmount(payment.money)}
          </dd>
        </div>
        <div>
          <dt>{t('wizard.pay.balance')}</dt>
          <dd data-testid="notary-pay-balance">{formatAmount(payment.points)}</dd>
        </div>
      </dl>
      {insufficient ? (
        <p className="notary-wizard__warning" role="alert">
          {t('wizard.pay.insufficient')} <Link to={paths.buyCredits}>{t('wizard.pay.buy')}</Link>
        </p>
      ) : null}
      <p className="notary-wizard__text">{t('wizard.pay.note')}</p>
      <div className="notary-wizard__actions">
        <Button theme="solid" type="primary" disabled={insufficient} loading={busy} onClick={onPay}>
          {t('wizard.pay.submit', { points: formatAmount(payment.money) })}
        </Button>
      </div>
    </>
  );
}

export function PayStep({ state }: { state: NotaryState }) {
  const { t } = useTranslation('notary');
  const [method, onMethod] = useUnit([$payMethod, payMethodChosen]);
  // The method is fixed while the office has a transfer to confirm.
  const locked = state.transfer.status === NOTARY_TRANSFER.waiting;
  return (
    <div className="notary-wizard__step">
      <h2 className="notary-wizard__subtitle">{t('wizard.pay.title')}</h2>
      <fieldset className="notary-transfer__methods">
        <legend className="notary-transfer__legend">{t('wizard.pay.method')}</legend>
        <RadioGroup
          type="button"
          value={method}
          disabled={locked}
          onChange={(event) => onMethod(event.target.value === 'transfer' ? 'transfer' : 'points')}
          aria-label={t('wizard.pay.method')}
        >
          <Radio value="points">{t('wizard.pay.methodPoints')}</Radio>
          <Radio value="transfer">{t('wizard.pay.methodTransfer')}</Radio>
        </RadioGroup>
      </fieldset>
      {method === 'transfer' ? <TransferPanel state={state} /> : <PointsPanel />}
    </div>
  );
}
