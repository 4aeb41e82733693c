import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import { INVOICE_REVEAL_FIELDS, type InvoiceDeskDetail } from '@contracts';
import { paths } from '@/shared/routing';
import { Dialog } from '@/shared/ui/dialog';
import { FormField, TextAreaField, useField } from '@/shared/ui/form-field';
import { ReasonDialog, RevealValue } from '@/entities/staff-member';
import { DeskActions, DeskDetailHead, DeskDetailPage, DeskFacts, DeskPanel, DeskTable, type DeskColumn } from '@/widgets/staff-desk';
import { isPaper } from '../lib/issue-form';
import {
  $fileErrors,
  $files,
  $issueOpen,
  $issuePending,
  $resendPending,
  fileChosen,
  resendMailClicked,
  type FileSlot,
  $submitOpen,
  $submitPending,
  invoiceRecord,
  issueClosed,
  issueForm,
  issueOpened,
  issueSubmitted,
  refuse,
  submitClosed,
  submitForm,
  submitOpened,
  submitSubmitted,
  valueReveal,
} from '../model/detail';
import { InvoiceStatus } from './list-page';
import './detail-page.css';

const submitting = (handler: () => void) => (event: FormEvent) => {
  event.preventDefault();
  handler();
};

function SubmitDialog({ detail }: { detail: InvoiceDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const [open, pending, onClose, onSubmit] = useUnit([$submitOpen, $submitPending, submitClosed, submitSubmitted]);
  const remark = useField(submitForm, 'remark');
  return (
    <Dialog
      title={t('invoices.submitDialog.title', { applyNo: detail.applyNo })}
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
      width="460px"
    >
      <form className="form-stack" noValidate onSubmit={submitting(onSubmit)}>
        <TextAreaField id="invoice-submit-remark" label={t('invoices.submitDialog.remark')} maxLength={150} required={false} {...remark} />
        <div className="staff-dialog-buttons">
          <Button type="tertiary" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button htmlType="submit" theme="solid" type="primary" loading={pending}>
            {t('invoices.submitDialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function FileField({ slot, label, accept }: { slot: FileSlot; label: string; accept: string }) {
  const { t } = useTranslation('staff-desks');
  const [files, errors, onChoose] = useUnit([$files, $fileErrors, fileChosen]);
  const id = `invoice-file-${slot}`;
  const error = errors[slot];
  const chosen = files[slot];
  return (
    <div className={`form-field staff-file-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => onChoose({ slot, file: event.target.files?.[0] ?? null })}
      />
      <p id={`${id}-hint`} className="staff-file-field__hint">
        {chosen ? t('invoices.issueDialog.chosen', { name: chosen.name }) : t('invoices.issueDialog.fileHint')}
      </p>
      <div id={`${id}-error`} className="form-field__error" aria-live="polite">
        {error ? t(`invoices.issueDialog.${error}`) : ''}
      </div>
    </div>
  );
}

function IssueDialog({ detail }: { detail: InvoiceDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const [open, pending, onClose, onSubmit] = useUnit([$issueOpen, $issuePending, issueClosed, issueSubmitted]);
  const courierCompany = useField(issueForm, 'courierCompany');
  const courierNumber = useField(issueForm, 'courierNumber');
  const email = useField(issueForm, 'email');
  const invoiceNumber = useField(issueForm, 'invoiceNumber');
  const invoiceCode = useField(issueForm, 'invoiceCode');
  const invoiceDate = useField(issueForm, 'invoiceDate');
  const paper = isPaper(detail.type);
  const d = (key: SubKeys<'staff-desks', 'invoices.issueDialog'>) => t(`invoices.issueDialog.${key}`);
  return (
    <Dialog
      title={t('invoices.issueDialog.title', { applyNo: detail.applyNo })}
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
      width="520px"
    >
      <form className="form-stack" noValidate onSubmit={submitting(onSubmit)}>
        <p className="staff-panel__intro">{d(paper ? 'paperIntro' : 'electronicIntro')}</p>
        {paper ? (
          <>
            <FormField id="invoice-courier-company" label={d('courierCompany')} autoComplete="off" maxLength={30} {...courierCompany} />
            <FormField id="invoice-courier" label={d('courierNumber')} autoComplete="off" maxLength={30} {...courierNumber} />
          </>
        ) : (
          <>
            <FormField
              id="invoice-number"
              label={d('invoiceNumber')}
              placeholder={d('invoiceNumberHint')}
              autoComplete="off"
              inputMode="numeric"
              maxLength={20}
              {...invoiceNumber}
            />
            <FormField
              id="invoice-code"
              label={d('invoiceCode')}
              autoComplete="off"
              inputMode="numeric"
              maxLength={12}
              required={invoiceNumber.value.trim().length !== 20}
              {...invoiceCode}
            />
            <FormField id="invoice-date" type="date" label={d('invoiceDate')} {...invoiceDate} />
            <FileField slot="invoice" label={d('invoiceFile')} accept=".pdf,.ofd,application/pdf" />
            {invoiceNumber.value.trim().length === 20 ? (
              <FileField slot="xml" label={d('xmlFile')} accept=".xml,text/xml,application/xml" />
            ) : null}
            <FormField id="invoice-email" label={d('email')} autoComplete="off" maxLength={64} {...email} />
          </>
        )}
        <div className="staff-dialog-buttons">
          <Button type="tertiary" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button htmlType="submit" theme="solid" type="primary" loading={pending}>
            {d('submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function MailState({ detail }: { detail: InvoiceDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const [pending, onResend] = useUnit([$resendPending, resendMailClicked]);
  if (!detail.mailState) return null;
  return (
    <span className="staff-mail-state" data-testid="invoice-mail-state">
      <span className={`staff-mail-state__badge staff-mail-state__badge--${detail.mailState}`}>
        {t(`invoices.mail.${detail.mailState}`)}
      </span>
      {detail.mailState === 'failed' ? (
        <Button size="small" onClick={() => onResend()} loading={pending}>
          {t('invoices.mail.resend')}
        </Button>
      ) : null}
    </span>
  );
}

function Actions({ detail }: { detail: InvoiceDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const [onSubmit, onIssue, onRefuse] = useUnit([submitOpened, issueOpened, refuse.opened]);
  const next =
    detail.status === 1 ? { key: 'submit' as const, onClick: () => onSubmit() } : { key: 'issue' as const, onClick: () => onIssue(detail) };
  const buttons = [
    { ...next, text: t(`invoices.detail.${next.key}`) },
    { key: 'refuse', text: t('invoices.detail.refuse'), danger: true, onClick: () => onRefuse(detail) },
  ];
  const dialogs = (
    <>
      <SubmitDialog detail={detail} />
      <IssueDialog detail={detail} />
      <ReasonDialog
        id="invoice-refuse-reason"
        action={refuse}
        title={(d) => t('invoices.refuseDialog.title', { applyNo: d.applyNo })}
        submitText={t('invoices.refuseDialog.submit')}
        note={t('invoices.refuseDialog.note')}
      />
    </>
  );
  const open = detail.status === 1 || detail.status === 2;
  return (
    <DeskActions
      actions={open ? buttons : []}
      busy={false}
      none={<p className="staff-muted">{t('invoices.detail.noActions')}</p>}
      dialogs={dialogs}
    />
  );
}

/** The application's facts that are text. */
type TextField = { [K in keyof InvoiceDeskDetail]: InvoiceDeskDetail[K] extends string ? K : never }[keyof InvoiceDeskDetail];

function Detail({ detail }: { detail: InvoiceDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const f = (key: SubKeys<'staff-desks', 'invoices.fields'>) => t(`invoices.fields.${key}`);
  /** The value as the desk shows it: a maskable one with its audited view original. */
  const masked = (key: TextField) => {
    const value = detail[key];
    return (INVOICE_REVEAL_FIELDS as readonly string[]).includes(key) ? (
      <RevealValue reveal={valueReveal} id={detail.id} field={key} masked={value} what={f(key)} />
    ) : (
      value
    );
  };
  const o = (key: SubKeys<'staff-desks', 'invoices.detail.order'>) => t(`invoices.detail.order.${key}`);
  const yuan = (money: number) => t('common.yuan', { amount: money });
  const paper = isPaper(detail.type);
  const orders: DeskColumn<InvoiceDeskDetail['orders'][number]>[] = [
    { label: o('orderNo'), cell: (order) => order.orderNo, className: 'value-break' },
    { label: o('description'), cell: (order) => order.description },
    { label: o('money'), cell: (order) => yuan(order.money), className: 'nowrap' },
    { label: o('createdAt'), cell: (order) => order.createdAt, className: 'nowrap' },
  ];
  return (
    <>
      <DeskDetailHead title={t('invoices.detail.title', { applyNo: detail.applyNo })} state={<InvoiceStatus status={detail.status} />} />
      <DeskPanel id="invoice-actions" title={t('invoices.detail.actions')}>
        <Actions detail={detail} />
      </DeskPanel>
      <DeskPanel id="invoice-facts" title={t('invoices.detail.facts')}>
        <DeskFacts
          facts={[
            [f('applyNo'), detail.applyNo],
            [f('phone'), masked('phone')],
            [f('type'), t(`invoices.types.${detail.type}`, { defaultValue: detail.type })],
            [f('money'), yuan(detail.money)],
            [f('createdAt'), detail.createdAt],
            [f('remark'), detail.remark],
            [f('submittedAt'), detail.submittedAt || null],
            [f('firstRemark'), detail.firstRemark || null],
            [f('decidedAt'), detail.decidedAt || null],
            [f('courierCompany'), detail.courierCompany || null],
            [f('courierNumber'), detail.courierNumber || null],
            [f('invoiceNumber'), detail.invoiceNumber || null],
            [f('invoiceCode'), detail.invoiceNumber ? detail.invoiceCode || t('invoices.mail.noCode') : null],
            [f('invoiceDate'), detail.invoiceDate || null],
            [
              f('files'),
              detail.files.length
                ? detail.files
                    .map((file) =>
                      t('invoices.mail.fileSize', {
                        kind: t(`invoices.mail.fileKinds.${file.kind}`),
                        kb: Math.max(1, Math.round(file.size / 1024)),
                      }),
                    )
                    .join(', ')
                : null,
            ],
            [f('mailState'), detail.mailState ? <MailState detail={detail} /> : null],
            [f('mailError'), detail.mailState !== 'sent' ? detail.mailError || null : null],
            [f('mailedAt'), detail.mailedAt || null],
            [f('checkRemark'), detail.checkRemark || null],
          ]}
        />
      </DeskPanel>
      <DeskPanel id="invoice-header" title={t('invoices.detail.header')}>
        <DeskFacts
          facts={(['head', 'taxNum', 'bankName', 'account', 'street', 'phoneNumber'] as const).map((key) => [f(key), masked(key)])}
        />
      </DeskPanel>
      <DeskPanel id="invoice-delivery" title={t('invoices.detail.delivery')}>
        <DeskFacts
          facts={(paper ? (['recipient', 'recipientPhone', 'address'] as const) : (['email'] as const)).map((key) => [f(key), masked(key)])}
        />
      </DeskPanel>
      <DeskPanel id="invoice-orders" title={t('invoices.detail.orders')}>
        <DeskTable caption={t('invoices.detail.ordersCaption')} columns={orders} rows={detail.orders} rowKey={(order) => order.orderNo} />
      </DeskPanel>
    </>
  );
}

/** `/staff/invoices/{id}`: one application and what finance does with it. */
export function StaffInvoiceDetailPage() {
  return (
    <DeskDetailPage model={invoiceRecord} back={paths.staffInvoices}>
      {(detail) => <Detail detail={detail} />}
    </DeskDetailPage>
  );
}
