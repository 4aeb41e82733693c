import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { InvoiceDeskDetail } from '@/shared/api';
import { paths } from '@/shared/routing';
import { Dialog } from '@/shared/ui/dialog';
import { FormField, TextAreaField, useField } from '@/shared/ui/form-field';
import { ListState } from '@/shared/ui/list-state';
import { ReasonDialog } from '@/entities/staff-member';
import { isPaper } from '../lib/issue-form';
import {
  $detail,
  $detailFailed,
  $issueOpen,
  $issuePending,
  $submitOpen,
  $submitPending,
  InvoiceDetailGate,
  issueClosed,
  issueForm,
  issueOpened,
  issueSubmitted,
  refuse,
  retryClicked,
  submitClosed,
  submitForm,
  submitOpened,
  submitSubmitted,
} from '../model/detail';
import { InvoiceStatus } from './list-page';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

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
  if (detail.status !== 1 && detail.status !== 2) return <p className="staff-muted">{t('invoices.detail.noActions')}</p>;
  return (
    <div className="staff-actions">
      {detail.status === 1 ? (
        <Button theme="solid" type="primary" onClick={() => onSubmit()}>
          {t('invoices.detail.submit')}
        </Button>
      ) : (
        <Button theme="solid" type="primary" onClick={() => onIssue(detail)}>
          {t('invoices.detail.issue')}
        </Button>
      )}
      <Button type="danger" onClick={() => onRefuse(detail)}>
        {t('invoices.detail.refuse')}
      </Button>
    </div>
  );
}

function Detail({ detail }: { detail: InvoiceDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const f = (key: string) => t(`invoices.fields.${key}`);
  const o = (key: string) => t(`invoices.detail.order.${key}`);
  const none = t('common.none');
  return (
    <>
      <div className="staff-page__head">
        <h1 className="staff-page__title">{t('invoices.detail.title', { applyNo: detail.applyNo })}</h1>
        <InvoiceStatus status={detail.status} />
      </div>
      <section className="staff-panel" aria-labelledby="invoice-actions">
        <h2 id="invoice-actions" className="staff-panel__title">
          {t('invoices.detail.actions')}
        </h2>
        <Actions detail={detail} />
      </section>
      <section className="staff-panel" aria-labelledby="invoice-facts">
        <h2 id="invoice-facts" className="staff-panel__title">
          {t('invoices.detail.facts')}
        </h2>
        <dl className="staff-facts">
          <Fact label={f('applyNo')}>{detail.applyNo}</Fact>
          <Fact label={f('phone')}>{detail.phone}</Fact>
          <Fact label={f('type')}>{t(`invoices.types.${detail.type}`, { defaultValue: detail.type })}</Fact>
          <Fact label={f('money')}>{t('common.yuan', { amount: detail.money.toFixed(2) })}</Fact>
          <Fact label={f('createdAt')}>{detail.createdAt}</Fact>
          <Fact label={f('remark')}>{detail.remark || none}</Fact>
          {detail.submittedAt ? <Fact label={f('submittedAt')}>{detail.submittedAt}</Fact> : null}
          {detail.firstRemark ? <Fact label={f('firstRemark')}>{detail.firstRemark}</Fact> : null}
          {detail.decidedAt ? <Fact label={f('decidedAt')}>{detail.decidedAt}</Fact> : null}
          {detail.courierNumber ? <Fact label={f('courierNumber')}>{detail.courierNumber}</Fact> : null}
          {detail.checkRemark ? <Fact label={f('checkRemark')}>{detail.checkRemark}</Fact> : null}
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="invoice-header">
        <h2 id="invoice-header" className="staff-panel__title">
          {t('invoices.detail.header')}
        </h2>
        <dl className="staff-facts">
          <Fact label={f('head')}>{detail.head}</Fact>
          <Fact label={f('taxNum')}>{detail.taxNum || none}</Fact>
          <Fact label={f('bankName')}>{detail.bankName || none}</Fact>
          <Fact label={f('account')}>{detail.account || none}</Fact>
          <Fact label={f('street')}>{detail.street || none}</Fact>
          <Fact label={f('phoneNumber')}>{detail.phoneNumber || none}</Fact>
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="invoice-delivery">
        <h2 id="invoice-delivery" className="staff-panel__title">
          {t('invoices.detail.delivery')}
        </h2>
        <dl className="staff-facts">
          {isPaper(detail.type) ? (
            <>
              <Fact label={f('recipient')}>{detail.recipient || none}</Fact>
              <Fact label={f('recipientPhone')}>{detail.recipientPhone || none}</Fact>
              <Fact label={f('address')}>{detail.address || none}</Fact>
            </>
          ) : (
            <Fact label={f('email')}>{detail.email || none}</Fact>
          )}
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="invoice-orders">
        <h2 id="invoice-orders" className="staff-panel__title">
          {t('invoices.detail.orders')}
        </h2>
        <table className="staff-table">
          <caption className="visually-hidden">{t('invoices.detail.ordersCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{o('orderNo')}</th>
              <th scope="col">{o('description')}</th>
              <th scope="col">{o('money')}</th>
              <th scope="col">{o('createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.orders.map((order) => (
              <tr key={order.orderNo}>
                <td data-label={o('orderNo')} className="value-break">
                  {order.orderNo}
                </td>
                <td data-label={o('description')}>{order.description}</td>
                <td data-label={o('money')} className="nowrap">
                  {t('common.yuan', { amount: order.money.toFixed(2) })}
                </td>
                <td data-label={o('createdAt')} className="nowrap">
                  {order.createdAt}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
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
}

/** `/staff/invoices/{id}`: one application and what finance does with it. */
export function StaffInvoiceDetailPage() {
  const { t } = useTranslation('staff-desks');
  const id = Number(useParams().id);
  useGate(InvoiceDetailGate, { id: Number.isSafeInteger(id) && id > 0 ? id : 0 });
  const [detail, failed, onRetry] = useUnit([$detail, $detailFailed, retryClicked]);
  return (
    <div className="staff-page">
      <Link className="staff-back" to={paths.staffInvoices}>
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
