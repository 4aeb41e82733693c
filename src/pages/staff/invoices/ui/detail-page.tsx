import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import type { InvoiceDeskDetail } from '@/shared/api';
import { paths } from '@/shared/routing';
import { Dialog } from '@/shared/ui/dialog';
import { FormField, TextAreaField, useField } from '@/shared/ui/form-field';
import { ReasonDialog } from '@/entities/staff-member';
import { DeskActions, DeskDetailHead, DeskDetailPage, DeskFacts, DeskPanel, DeskTable, type DeskColumn } from '@/widgets/staff-desk';
import { isPaper } from '../lib/issue-form';
import {
  $issueOpen,
  $issuePending,
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
} from '../model/detail';
import { InvoiceStatus } from './list-page';

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

function IssueDialog({ detail }: { detail: InvoiceDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const [open, pending, onClose, onSubmit] = useUnit([$issueOpen, $issuePending, issueClosed, issueSubmitted]);
  const courierNumber = useField(issueForm, 'courierNumber');
  const email = useField(issueForm, 'email');
  const paper = isPaper(detail.type);
  return (
    <Dialog
      title={t('invoices.issueDialog.title', { applyNo: detail.applyNo })}
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
      width="460px"
    >
      <form className="form-stack" noValidate onSubmit={submitting(onSubmit)}>
        <p className="staff-panel__intro">{t(paper ? 'invoices.issueDialog.paperIntro' : 'invoices.issueDialog.electronicIntro')}</p>
        {paper ? (
          <FormField
            id="invoice-courier"
            label={t('invoices.issueDialog.courierNumber')}
            autoComplete="off"
            maxLength={30}
            {...courierNumber}
          />
        ) : (
          <FormField id="invoice-email" label={t('invoices.issueDialog.email')} autoComplete="off" maxLength={64} {...email} />
        )}
        <div className="staff-dialog-buttons">
          <Button type="tertiary" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button htmlType="submit" theme="solid" type="primary" loading={pending}>
            {t('invoices.issueDialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Actions({ detail }: { detail: InvoiceDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const [onSubmit, onIssue, onRefuse] = useUnit([submitOpened, issueOpened, refuse.opened]);
  const next = detail.status === 1 ? { key: 'submit', onClick: () => onSubmit() } : { key: 'issue', onClick: () => onIssue(detail) };
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

function Detail({ detail }: { detail: InvoiceDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const f = (key: string) => t(`invoices.fields.${key}`);
  const o = (key: string) => t(`invoices.detail.order.${key}`);
  const yuan = (money: number) => t('common.yuan', { amount: money.toFixed(2) });
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
            [f('phone'), detail.phone],
            [f('type'), t(`invoices.types.${detail.type}`, { defaultValue: detail.type })],
            [f('money'), yuan(detail.money)],
            [f('createdAt'), detail.createdAt],
            [f('remark'), detail.remark],
            [f('submittedAt'), detail.submittedAt || null],
            [f('firstRemark'), detail.firstRemark || null],
            [f('decidedAt'), detail.decidedAt || null],
            [f('courierNumber'), detail.courierNumber || null],
            [f('checkRemark'), detail.checkRemark || null],
          ]}
        />
      </DeskPanel>
      <DeskPanel id="invoice-header" title={t('invoices.detail.header')}>
        <DeskFacts
          facts={(['head', 'taxNum', 'bankName', 'account', 'street', 'phoneNumber'] as const).map((key) => [f(key), detail[key]])}
        />
      </DeskPanel>
      <DeskPanel id="invoice-delivery" title={t('invoices.detail.delivery')}>
        <DeskFacts
          facts={(paper ? (['recipient', 'recipientPhone', 'address'] as const) : (['email'] as const)).map((key) => [f(key), detail[key]])}
        />
      </DeskPanel>
      <DeskPanel id="invoice-orders" title={t('invoices.detail.orders')}>
        <div className="staff-table-box">
          <DeskTable caption={t('invoices.detail.ordersCaption')} columns={orders} rows={detail.orders} rowKey={(order) => order.orderNo} />
        </div>
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
