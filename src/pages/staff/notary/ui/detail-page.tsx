import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { NotaryDeskDetail } from '@/shared/api';
import { paths } from '@/shared/routing';
import { Dialog } from '@/shared/ui/dialog';
import { ListState } from '@/shared/ui/list-state';
import { ReasonDialog } from '@/entities/staff-member';
import {
  $detail,
  $detailFailed,
  actions,
  actionsFor,
  NotaryDetailGate,
  retryClicked,
  type ConfirmedKind,
  type ReasonKind,
} from '../model/detail';
import { NotaryState, useMoneyText } from './queue-page';
import './notary-desk.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Actions({ order }: { order: NotaryDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const allowed = actionsFor(order.state);
  const busy = useUnit([
    actions.accept.$pending,
    actions.complete.$pending,
    actions.transferConfirm.$pending,
    actions.fail.$pending,
    actions.void.$pending,
    actions.transferReject.$pending,
  ]).some(Boolean);
  const confirm = useUnit({
    accept: actions.accept.clicked,
    complete: actions.complete.clicked,
    transferConfirm: actions.transferConfirm.clicked,
  });
  const open = useUnit({ fail: actions.fail.opened, void: actions.void.opened, transferReject: actions.transferReject.opened });
  if (allowed.confirmed.length === 0 && allowed.reasoned.length === 0) {
    return <p className="staff-muted">{t('notary.detail.noActions')}</p>;
  }
  return (
    <div className="staff-actions">
      {allowed.confirmed.map((kind: ConfirmedKind) => (
        <Button key={kind} theme="solid" type="primary" disabled={busy} onClick={() => confirm[kind](order)}>
          {t(`notary.detail.${kind}`)}
        </Button>
      ))}
      {allowed.reasoned.map((kind: ReasonKind) => (
        <Button key={kind} type="danger" disabled={busy} onClick={() => open[kind](order)}>
          {t(`notary.detail.${kind}`)}
        </Button>
      ))}
    </div>
  );
}

function Transfer({ order }: { order: NotaryDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const [large, setLarge] = useState(false);
  if (order.payMethod !== 2) return null;
  const alt = t('notary.detail.transferImageAlt', { orderNo: order.orderNo });
  return (
    <section className="staff-panel" aria-labelledby="notary-transfer">
      <h2 id="notary-transfer" className="staff-panel__title">
        {t('notary.detail.transfer')}
      </h2>
      <dl className="staff-facts">
        <Fact label={t('notary.fields.transferAt')}>{order.transferAt || t('common.none')}</Fact>
        {order.transferRejectReason ? <Fact label={t('notary.fields.transferRejectReason')}>{order.transferRejectReason}</Fact> : null}
      </dl>
      {order.transferImageUrl ? (
        <>
          <button type="button" className="notary-transfer__image" aria-label={t('notary.detail.enlarge')} onClick={() => setLarge(true)}>
            <img src={order.transferImageUrl} alt={alt} data-testid="notary-transfer-image" />
          </button>
          <Dialog
            title={t('notary.detail.transferImage')}
            open={large}
            onClose={() => setLarge(false)}
            closeLabel={t('notary.detail.close')}
            width="80%"
          >
            <img className="notary-transfer__large" src={order.transferImageUrl} alt={alt} />
          </Dialog>
        </>
      ) : (
        <p className="staff-muted">{t('notary.detail.transferNone')}</p>
      )}
    </section>
  );
}

function Detail({ order }: { order: NotaryDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const money = useMoneyText();
  const f = (key: string) => t(`notary.fields.${key}`);
  const r = (key: string) => t(`notary.detail.record.${key}`);
  return (
    <>
      <div className="staff-page__head">
        <h1 className="staff-page__title">{t('notary.detail.title', { orderNo: order.orderNo })}</h1>
        <NotaryState state={order.state} />
      </div>
      <section className="staff-panel" aria-labelledby="notary-actions">
        <h2 id="notary-actions" className="staff-panel__title">
          {t('notary.detail.actions')}
        </h2>
        <Actions order={order} />
      </section>
      <Transfer order={order} />
      <section className="staff-panel" aria-labelledby="notary-facts">
        <h2 id="notary-facts" className="staff-panel__title">
          {t('notary.detail.facts')}
        </h2>
        <dl className="staff-facts">
          <Fact label={f('orderNo')}>{order.orderNo}</Fact>
          <Fact label={f('phone')}>{order.phone}</Fact>
          <Fact label={f('money')}>{money(order)}</Fact>
          <Fact label={f('payMethod')}>{t(`notary.payMethods.${order.payMethod}`, { defaultValue: t('common.none') })}</Fact>
          <Fact label={f('createdAt')}>{order.createdAt}</Fact>
          <Fact label={f('paidAt')}>{order.paidAt || t('common.none')}</Fact>
          <Fact label={f('acceptedAt')}>{order.acceptedAt || t('common.none')}</Fact>
          <Fact label={f('finishedAt')}>{order.finishedAt || t('common.none')}</Fact>
          {order.failReason ? <Fact label={f('failReason')}>{order.failReason}</Fact> : null}
          {order.voidReason ? <Fact label={f('voidReason')}>{order.voidReason}</Fact> : null}
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="notary-application">
        <h2 id="notary-application" className="staff-panel__title">
          {t('notary.detail.application')}
        </h2>
        <dl className="staff-facts">
          <Fact label={f('applicant')}>{order.applicant}</Fact>
          <Fact label={f('applicantIdNumber')}>{order.applicantIdNumber || t('common.none')}</Fact>
          <Fact label={f('contactName')}>{order.contactName || t('common.none')}</Fact>
          <Fact label={f('contactPhone')}>{order.contactPhone || t('common.none')}</Fact>
          <Fact label={f('purpose')}>
            {order.purposeNote
              ? t('notary.fields.purposeWithNote', {
                  purpose: t(`notary.purposes.${order.purpose}`, { defaultValue: '' }),
                  note: order.purposeNote,
                })
              : t(`notary.purposes.${order.purpose}`, { defaultValue: t('common.none') })}
          </Fact>
          <Fact label={f('copies')}>{order.copies}</Fact>
          <Fact label={f('delivery')}>{t(`notary.deliveries.${order.delivery}`, { defaultValue: t('common.none') })}</Fact>
          {order.address ? <Fact label={f('address')}>{order.address}</Fact> : null}
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="notary-documents">
        <h2 id="notary-documents" className="staff-panel__title">
          {t('notary.detail.documents')}
        </h2>
        {order.documents.length ? (
          <ul className="notary-documents" data-testid="notary-documents">
            {order.documents.map((document) => (
              <li key={document.type}>
                <span>{t(`notary.documentTypes.${document.type}`, { defaultValue: String(document.type) })}</span>
                <span className="staff-muted">{t('notary.detail.documentIssued', { issuedAt: document.issuedAt })}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="staff-muted">{t('notary.detail.documentsEmpty')}</p>
        )}
      </section>
      <section className="staff-panel" aria-labelledby="notary-records">
        <h2 id="notary-records" className="staff-panel__title">
          {t('notary.detail.records')}
        </h2>
        <table className="staff-table">
          <caption className="visually-hidden">{t('notary.detail.recordsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{r('baoquan')}</th>
              <th scope="col">{r('title')}</th>
              <th scope="col">{r('fileHash')}</th>
              <th scope="col">{r('savedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {order.records.map((record) => (
              <tr key={record.baoquan}>
                <td data-label={r('baoquan')} className="value-break">
                  {record.baoquan}
                </td>
                <td data-label={r('title')} className="value-break">
                  {record.title}
                </td>
                <td data-label={r('fileHash')} className="value-break notary-hash">
                  {record.fileHash}
                </td>
                <td data-label={r('savedAt')} className="nowrap">
                  {record.savedAt}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ReasonDialog
        id="notary-fail-reason"
        action={actions.fail}
        title={(o) => t('notary.reasonDialog.failTitle', { orderNo: o.orderNo })}
        submitText={t('notary.reasonDialog.failSubmit')}
        note={t('notary.reasonDialog.failNote')}
      />
      <ReasonDialog
        id="notary-void-reason"
        action={actions.void}
        title={(o) => t('notary.reasonDialog.voidTitle', { orderNo: o.orderNo })}
        submitText={t('notary.reasonDialog.voidSubmit')}
        note={t('notary.reasonDialog.voidNote')}
      />
      <ReasonDialog
        id="notary-transfer-reject-reason"
        action={actions.transferReject}
        title={(o) => t('notary.reasonDialog.transferRejectTitle', { orderNo: o.orderNo })}
        submitText={t('notary.reasonDialog.transferRejectSubmit')}
        note={t('notary.reasonDialog.transferRejectNote')}
      />
    </>
  );
}

/** `/staff/notary/{id}`: one order and what the office does with it. */
export function StaffNotaryDetailPage() {
  const { t } = useTranslation('staff-desks');
  const id = Number(useParams().id);
  useGate(NotaryDetailGate, { id: Number.isSafeInteger(id) && id > 0 ? id : 0 });
  const [order, failed, onRetry] = useUnit([$detail, $detailFailed, retryClicked]);
  return (
    <div className="staff-page">
      <Link className="staff-back" to={paths.staffNotary}>
        {t('common.back')}
      </Link>
      {order && order.id === id ? (
        <Detail order={order} />
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
