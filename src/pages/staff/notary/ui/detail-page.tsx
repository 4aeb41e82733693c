import { useUnit } from 'effector-react';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import type { NotaryDeskDetail } from '@/shared/api';
import { paths } from '@/shared/routing';
import { Dialog } from '@/shared/ui/dialog';
import { ReasonDialog } from '@/entities/staff-member';
import { DeskActions, DeskDetailHead, DeskDetailPage, DeskFacts, DeskPanel, DeskTable, type DeskColumn } from '@/widgets/staff-desk';
import { actions, actionsFor, notaryRecord, type ConfirmedKind, type ReasonKind } from '../model/detail';
import { NotaryState, useMoneyText } from './queue-page';
import './notary-desk.css';

function Actions({ order }: { order: NotaryDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const allowed = actionsFor(order.state);
  const pending = useUnit(Object.values(actions).map((action) => action.$pending));
  const start = useUnit({ ...confirmedStarts(), ...reasonedStarts() });
  const buttons = [...allowed.confirmed, ...allowed.reasoned].map((kind: ConfirmedKind | ReasonKind) => ({
    key: kind,
    text: t(`notary.detail.${kind}`),
    danger: (allowed.reasoned as string[]).includes(kind),
    onClick: () => start[kind](order),
  }));
  const title = (kind: ReasonKind) => (o: NotaryDeskDetail) => t(`notary.reasonDialog.${kind}Title`, { orderNo: o.orderNo });
  const dialogs = (['fail', 'void', 'transferReject'] as const).map((kind) => (
    <ReasonDialog
      key={kind}
      id={`notary-${kind === 'transferReject' ? 'transfer-reject' : kind}-reason`}
      action={actions[kind]}
      title={title(kind)}
      submitText={t(`notary.reasonDialog.${kind}Submit`)}
      note={t(`notary.reasonDialog.${kind}Note`)}
    />
  ));
  return (
    <DeskActions
      actions={buttons}
      busy={pending.some(Boolean)}
      none={<p className="staff-muted">{t('notary.detail.noActions')}</p>}
      dialogs={dialogs}
    />
  );
}

const confirmedStarts = () => ({
  accept: actions.accept.clicked,
  complete: actions.complete.clicked,
  transferConfirm: actions.transferConfirm.clicked,
});
const reasonedStarts = () => ({ fail: actions.fail.opened, void: actions.void.opened, transferReject: actions.transferReject.opened });

function Transfer({ order }: { order: NotaryDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const [large, setLarge] = useState(false);
  if (order.payMethod !== 2) return null;
  const alt = t('notary.detail.transferImageAlt', { orderNo: order.orderNo });
  return (
    <DeskPanel id="notary-transfer" title={t('notary.detail.transfer')}>
      <DeskFacts
        facts={[
          [t('notary.fields.transferAt'), order.transferAt],
          [t('notary.fields.transferRejectReason'), order.transferRejectReason || null],
        ]}
      />
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
    </DeskPanel>
  );
}

function Detail({ order }: { order: NotaryDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const money = useMoneyText();
  const f = (key: string) => t(`notary.fields.${key}`);
  const r = (key: string) => t(`notary.detail.record.${key}`);
  const none = t('common.none');
  const purpose = t(`notary.purposes.${order.purpose}`, { defaultValue: order.purposeNote ? '' : none });
  const records: DeskColumn<NotaryDeskDetail['records'][number]>[] = [
    { label: r('baoquan'), cell: (record) => record.baoquan, className: 'value-break' },
    { label: r('title'), cell: (record) => record.title, className: 'value-break' },
    { label: r('fileHash'), cell: (record) => record.fileHash, className: 'value-break notary-hash' },
    { label: r('savedAt'), cell: (record) => record.savedAt, className: 'nowrap' },
  ];
  return (
    <>
      <DeskDetailHead title={t('notary.detail.title', { orderNo: order.orderNo })} state={<NotaryState state={order.state} />} />
      <DeskPanel id="notary-actions" title={t('notary.detail.actions')}>
        <Actions order={order} />
      </DeskPanel>
      <Transfer order={order} />
      <DeskPanel id="notary-facts" title={t('notary.detail.facts')}>
        <DeskFacts
          facts={[
            [f('orderNo'), order.orderNo],
            [f('phone'), order.phone],
            [f('money'), money(order)],
            [f('payMethod'), t(`notary.payMethods.${order.payMethod}`, { defaultValue: none })],
            [f('createdAt'), order.createdAt],
            [f('paidAt'), order.paidAt],
            [f('acceptedAt'), order.acceptedAt],
            [f('finishedAt'), order.finishedAt],
            [f('failReason'), order.failReason || null],
            [f('voidReason'), order.voidReason || null],
          ]}
        />
      </DeskPanel>
      <DeskPanel id="notary-application" title={t('notary.detail.application')}>
        <DeskFacts
          facts={[
            [f('applicant'), order.applicant],
            [f('applicantIdNumber'), order.applicantIdNumber],
            [f('contactName'), order.contactName],
            [f('contactPhone'), order.contactPhone],
            [f('purpose'), order.purposeNote ? t('notary.fields.purposeWithNote', { purpose, note: order.purposeNote }) : purpose],
            [f('copies'), order.copies],
            [f('delivery'), t(`notary.deliveries.${order.delivery}`, { defaultValue: none })],
            [f('address'), order.address || null],
          ]}
        />
      </DeskPanel>
      <DeskPanel id="notary-documents" title={t('notary.detail.documents')}>
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
      </DeskPanel>
      <DeskPanel id="notary-records" title={t('notary.detail.records')}>
        <div className="staff-table-box">
          <DeskTable
            caption={t('notary.detail.recordsCaption')}
            columns={records}
            rows={order.records}
            rowKey={(record) => record.baoquan}
          />
        </div>
      </DeskPanel>
    </>
  );
}

/** `/staff/notary/{id}`: one order and what the office does with it. */
export function StaffNotaryDetailPage() {
  return (
    <DeskDetailPage model={notaryRecord} back={paths.staffNotary}>
      {(order) => <Detail order={order} />}
    </DeskDetailPage>
  );
}
