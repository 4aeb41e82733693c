import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useState, type FormEvent } from 'react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import type { NotaryDeskDetail } from '@contracts';
import { paths } from '@/shared/routing';
import { Dialog } from '@/shared/ui/dialog';
import { FormField, useField } from '@/shared/ui/form-field';
import { ReasonDialog } from '@/entities/staff-member';
import { DeskActions, DeskDetailHead, DeskDetailPage, DeskFacts, DeskPanel, DeskTable, type DeskColumn } from '@/widgets/staff-desk';
import { actions, actionsFor, notaryRecord, type ConfirmedKind, type ReasonKind } from '../model/detail';
import {
  $certificateProblem,
  $certificateProgress,
  $certificateSending,
  $opening,
  $shipPending,
  $view,
  $viewPending,
  certificateChosen,
  openClicked,
  shipForm,
  shipSubmitted,
  viewClicked,
  type OpenTarget,
} from '../model/office-files';
import { sizeText } from '../lib/office-forms';
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
    // The certificate is issued with the completion: without one the office cannot complete (the server says the same).
    blocked: kind === 'complete' && !order.certificate.attached ? t('notary.detail.completeBlocked') : undefined,
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

function OpenButton({ target, text, label }: { target: OpenTarget; text: string; label?: string }) {
  const [opening, onOpen] = useUnit([$opening, openClicked]);
  return (
    <Button size="small" theme="borderless" disabled={opening} aria-label={label} onClick={() => onOpen(target)}>
      {text}
    </Button>
  );
}

function Certificate({ order }: { order: NotaryDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const messages = useTranslation('notarisation').t;
  const [problem, progress, sending, onChoose] = useUnit([
    $certificateProblem,
    $certificateProgress,
    $certificateSending,
    certificateChosen,
  ]);
  if (order.state !== 'accepted' && !order.certificate.attached) return null;
  const { attached, size, attachedAt } = order.certificate;
  const replaceable = order.state === 'accepted';
  const id = 'notary-certificate-file';
  return (
    <DeskPanel id="notary-certificate" title={t('notary.certificate.title')}>
      <p className="notary-certificate__state" data-testid="notary-certificate-state">
        {attached ? t('notary.certificate.attached', { size: sizeText(size), time: attachedAt }) : t('notary.certificate.none')}
      </p>
      {attached ? <OpenButton target={{ kind: 'certificate' }} text={t('notary.certificate.open')} /> : null}
      {replaceable ? (
        <div className={`form-field staff-file-field${problem ? ' form-field--invalid' : ''}`}>
          <label className="form-field__label" htmlFor={id}>
            {attached ? t('notary.certificate.replace') : t('notary.certificate.choose')}
          </label>
          <input
            id={id}
            type="file"
            accept=".pdf,application/pdf"
            disabled={sending}
            aria-invalid={Boolean(problem)}
            aria-describedby={`${id}-hint ${id}-error`}
            onChange={(event) => {
              onChoose(event.target.files?.[0] ?? null);
              // The same file may be chosen again after a refusal or to replace it.
              event.target.value = '';
            }}
          />
          <p id={`${id}-hint`} className="staff-file-field__hint">
            {progress !== null ? t('notary.certificate.uploading', { percent: progress }) : t('notary.certificate.hint')}
          </p>
          {progress !== null ? <progress className="notary-certificate__progress" max={100} value={progress} /> : null}
          <div id={`${id}-error`} className="form-field__error" aria-live="polite">
            {problem ? messages(problem) : ''}
          </div>
        </div>
      ) : (
        <p className="staff-muted">{t('notary.certificate.issued')}</p>
      )}
    </DeskPanel>
  );
}

function Shipping({ order, address }: { order: NotaryDeskDetail; address: string }) {
  const { t } = useTranslation('staff-desks');
  const [pending, onSubmit] = useUnit([$shipPending, shipSubmitted]);
  const courier = useField(shipForm, 'courier');
  const number = useField(shipForm, 'number');
  if (order.delivery !== 2) return null;
  const s = (key: SubKeys<'staff-desks', 'notary.shipping'>) => t(`notary.shipping.${key}`);
  const { shipping } = order;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <DeskPanel id="notary-shipping" title={s('title')}>
      <p className="staff-panel__intro">{s('intro')}</p>
      <DeskFacts facts={[[s('address'), address]]} />
      {shipping.number ? (
        <p data-testid="notary-shipping-state">
          {t('notary.shipping.shipped', { courier: shipping.courier, number: shipping.number, time: shipping.shippedAt })}
        </p>
      ) : order.state === 'succeeded' ? (
        <form className="form-stack notary-shipping__form" noValidate onSubmit={submit}>
          <FormField id="notary-ship-courier" label={s('courier')} autoComplete="off" maxLength={30} {...courier} />
          <FormField id="notary-ship-number" label={s('number')} autoComplete="off" maxLength={30} {...number} />
          <div>
            <Button htmlType="submit" theme="solid" type="primary" loading={pending}>
              {s('submit')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="staff-muted">{s('afterComplete')}</p>
      )}
    </DeskPanel>
  );
}

function ViewOriginal() {
  const { t } = useTranslation('staff-desks');
  const [view, pending, onView] = useUnit([$view, $viewPending, viewClicked]);
  if (view) return <p className="staff-muted">{t('notary.viewing')}</p>;
  return (
    <div className="notary-view">
      <Button size="small" loading={pending} onClick={() => onView()}>
        {t('notary.viewOriginal')}
      </Button>
      <span className="staff-muted">{t('notary.viewNote')}</span>
    </div>
  );
}

function Detail({ order }: { order: NotaryDeskDetail }) {
  const { t } = useTranslation('staff-desks');
  const money = useMoneyText();
  const f = (key: SubKeys<'staff-desks', 'notary.fields'>) => t(`notary.fields.${key}`);
  const r = (key: SubKeys<'staff-desks', 'notary.detail.record'>) => t(`notary.detail.record.${key}`);
  const none = t('common.none');
  // The masked values (one rule for every staff answer), or the audited clear view once asked for.
  const view = useUnit($view);
  const clear = view && view.id === order.id ? view : null;
  const phone = clear?.phone ?? order.phone;
  const contactPhone = clear?.contactPhone ?? order.contactPhone;
  const idNumber = clear?.applicantIdNumber ?? order.applicantIdNumber;
  const address = clear?.address ?? order.address;
  const purpose = t(`notary.purposes.${order.purpose}`, { defaultValue: order.purposeNote ? '' : none });
  const records: DeskColumn<NotaryDeskDetail['records'][number]>[] = [
    { label: r('baoquan'), cell: (record) => record.baoquan, className: 'value-break' },
    { label: r('title'), cell: (record) => record.title, className: 'value-break' },
    { label: r('fileHash'), cell: (record) => record.fileHash, className: 'value-break notary-hash' },
    { label: r('savedAt'), cell: (record) => record.savedAt, className: 'nowrap' },
    {
      label: r('files'),
      cell: (record) => (
        <span className="notary-open">
          <OpenButton
            target={{ kind: 'recordCertificate', evidenceId: record.evidenceId }}
            text={t('notary.open.certificate')}
            label={t('notary.open.certificateLabel', { baoquan: record.baoquan })}
          />
          <OpenButton
            target={{ kind: 'recordFile', evidenceId: record.evidenceId }}
            text={t('notary.open.file')}
            label={t('notary.open.fileLabel', { baoquan: record.baoquan })}
          />
        </span>
      ),
      className: 'nowrap',
    },
  ];
  return (
    <>
      <DeskDetailHead title={t('notary.detail.title', { orderNo: order.orderNo })} state={<NotaryState state={order.state} />} />
      <DeskPanel id="notary-actions" title={t('notary.detail.actions')}>
        <Actions order={order} />
      </DeskPanel>
      <Certificate order={order} />
      <Shipping order={order} address={address} />
      <Transfer order={order} />
      <DeskPanel id="notary-facts" title={t('notary.detail.facts')}>
        <DeskFacts
          facts={[
            [f('orderNo'), order.orderNo],
            [f('phone'), <span data-testid="notary-phone">{phone}</span>],
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
        <ViewOriginal />
        <DeskFacts
          facts={[
            [f('applicant'), order.applicant],
            [f('applicantIdNumber'), idNumber],
            [f('contactName'), order.contactName],
            [f('contactPhone'), <span data-testid="notary-contact-phone">{contactPhone}</span>],
            [f('purpose'), order.purposeNote ? t('notary.fields.purposeWithNote', { purpose, note: order.purposeNote }) : purpose],
            [f('copies'), order.copies],
            [f('delivery'), t(`notary.deliveries.${order.delivery}`, { defaultValue: none })],
            [f('address'), address || null],
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
                <OpenButton
                  target={{ kind: 'document', type: document.type }}
                  text={t('notary.open.document')}
                  label={t('notary.open.documentLabel', {
                    name: t(`notary.documentTypes.${document.type}`, { defaultValue: String(document.type) }),
                  })}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="staff-muted">{t('notary.detail.documentsEmpty')}</p>
        )}
      </DeskPanel>
      <DeskPanel id="notary-records" title={t('notary.detail.records')}>
        <DeskTable caption={t('notary.detail.recordsCaption')} columns={records} rows={order.records} rowKey={(record) => record.baoquan} />
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
