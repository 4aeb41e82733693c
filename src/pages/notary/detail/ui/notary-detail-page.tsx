import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import { EVIDENCE_TYPES, NOTARY_DOCUMENT_TYPES, NOTARY_PAGE_SIZE, NOTARY_PAY, NOTARY_PAY_METHOD, type EvidenceType } from '@contracts';
import { formatAmount } from '@/shared/lib/format';
import { useFileKindWords } from '@/entities/evidence';
import { NotaryDataTable, orDash, safeBackPath } from '@/entities/notary-order';
import { detailsHref } from '../lib/details-link';
import { Dialog } from '@/shared/ui/dialog';
import {
  $count,
  $downloading,
  $failed,
  $info,
  $page,
  $pending,
  $rows,
  $transferImage,
  $transferPreviewOpen,
  DetailGate,
  downloadClicked,
  pageChanged,
  retryClicked,
  transferPreviewClosed,
  transferPreviewOpened,
} from '../model/detail';
import './notary-detail-page.css';

const typeOf = (value: string | null): EvidenceType => {
  const n = Number(value);
  return (EVIDENCE_TYPES as readonly number[]).includes(n) ? (n as EvidenceType) : 1;
};

/** A bank transfer's screenshot: the thumbnail opens it in the image preview dialog, 80% wide. */
function TransferImage() {
  const { t } = useTranslation('notary');
  const [url, open, onOpen, onClose] = useUnit([$transferImage, $transferPreviewOpen, transferPreviewOpened, transferPreviewClosed]);
  if (!url) return null;
  return (
    <div className="notary-detail__transfer">
      <dt>{t('detail.tranImg')}</dt>
      <dd>
        <button
          type="button"
          className="notary-detail__thumb"
          onClick={onOpen}
          aria-label={t('detail.previewImage')}
          data-testid="notary-transfer-thumb"
        >
          <img src={url} alt={t('detail.tranImg')} />
        </button>
        <Dialog
          title={t('detail.previewImage')}
          open={open}
          onClose={onClose}
          closeLabel={t('detail.close')}
          width="80%"
          className="notary-detail__preview"
        >
          <img src={url} alt={t('detail.tranImg')} className="notary-detail__full" />
        </Dialog>
      </dd>
    </div>
  );
}

function Documents() {
  const { t } = useTranslation('notary');
  const [info, downloading, onDownload] = useUnit([$info, $downloading, downloadClicked]);
  if (!info) return null;
  return (
    <section className="notary-detail__card" aria-labelledby="notary-docs-title">
      <h2 id="notary-docs-title" className="notary-detail__subtitle">
        {t('detail.documents')}
      </h2>
      <ul className="notary-detail__docs">
        {NOTARY_DOCUMENT_TYPES.map((type) => {
          const doc = info.documents.find((d) => d.type === type);
          return (
            <li key={type} className="notary-detail__doc" data-testid={`notary-doc-${type}`}>
              <span className="notary-detail__doc-icon" aria-hidden="true">
                PDF
              </span>
              <span className="notary-detail__doc-name">{t(`document.${type}`)}</span>
              <span className={`notary-detail__doc-state${doc?.issued ? ' notary-detail__doc-state--issued' : ''}`}>
                {doc?.issued ? t('detail.issuedAt', { time: doc.issuedAt }) : t('detail.notIssued')}
              </span>
              <Button
                size="small"
                disabled={downloading}
                onClick={() => onDownload(type)}
                aria-label={t('detail.downloadDoc', { name: t(`document.${type}`) })}
              >
                {t('detail.download')}
              </Button>
            </li>
          );
        })}
      </ul>
      {info.delivery === 2 && (
        <p className="notary-detail__shipping" data-testid="notary-shipping">
          {t('detail.shipping')}
          {info.shipping.shippedAt
            ? t('detail.shippingValue', { courier: info.shipping.courier, number: info.shipping.number, time: info.shipping.shippedAt })
            : t('detail.shippingPending')}
        </p>
      )}
    </section>
  );
}

function Pager() {
  const { t } = useTranslation('notary');
  const [page, count, onPage] = useUnit([$page, $count, pageChanged]);
  const pages = Math.max(1, Math.ceil(count / NOTARY_PAGE_SIZE));
  if (count === 0) return null;
  return (
    <div className="notary-detail__pager">
      <span className="notary-detail__muted">{t('list.total', { count })}</span>
      {pages > 1 ? (
        <nav className="notary-detail__pager-nav" aria-label={t('list.pagination')}>
          <button type="button" className="notary-detail__pager-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('list.prev')}
          </button>
          <span aria-current="page">{t('list.page', { page, pages })}</span>
          <button type="button" className="notary-detail__pager-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('list.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/** `/notary/detail?orderId&type[&goBackUrl]` (spec section 2). */
export function NotaryDetailPage() {
  const { t } = useTranslation('notary');
  const words = useFileKindWords();
  const [search] = useSearchParams();
  const orderId = Number(search.get('orderId'));
  useGate(DetailGate, { orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : 0 });
  const [info, rows, pending, failed, onRetry] = useUnit([$info, $rows, $pending, $failed, retryClicked]);
  const type = info?.type ?? typeOf(search.get('type'));

  let body: ReactNode;
  if (failed && !pending) {
    body = (
      <div className="notary-detail__state" role="alert">
        <p>{t('detail.failed')}</p>
        <Button onClick={onRetry}>{t('list.retry')}</Button>
      </div>
    );
  } else if (!info) {
    body = (
      <div className="notary-detail__state" aria-busy="true">
        <span>{t('list.loading')}</span>
      </div>
    );
  } else {
    body = (
      <>
        <section className="notary-detail__card" aria-labelledby="notary-info-title">
          <h2 id="notary-info-title" className="notary-detail__subtitle">
            {t('detail.info')}
          </h2>
          <dl className="notary-detail__facts">
            <div>
              <dt>{t('list.columns.orderNo')}</dt>
              <dd className="notary-detail__number" data-testid="notary-detail-order-no">
                {info.orderNo}
              </dd>
            </div>
            <div>
              <dt>{t('detail.addTime')}</dt>
              <dd>{info.addTime}</dd>
            </div>
            {info.payMethod === NOTARY_PAY_METHOD.transfer ? (
              <div>
                <dt>{t('detail.transferAmount')}</dt>
                <dd>{t('wizard.transfer.yuan', { amount: info.money })}</dd>
              </div>
            ) : (
              <div>
                <dt>{t('list.columns.money')}</dt>
                <dd>{info.payCode === NOTARY_PAY.paid ? formatAmount(info.money) : orDash('')}</dd>
              </div>
            )}
            <div>
              <dt>{t('list.columns.pay')}</dt>
              <dd>{orDash(info.pay)}</dd>
            </div>
            <div>
              <dt>{t('detail.payType')}</dt>
              <dd>{orDash(info.payType)}</dd>
            </div>
            <div>
              <dt>{t('list.columns.notarial')}</dt>
              <dd>{orDash(info.notarial)}</dd>
            </div>
            <TransferImage />
          </dl>
        </section>
        <Documents />
        <section className="notary-detail__card" aria-labelledby="notary-data-title">
          <h2 id="notary-data-title" className="notary-detail__subtitle">
            {t('detail.data', { type: t(`evidenceType.${type}`) })}
          </h2>
          {rows.length === 0 ? (
            <p className="notary-detail__muted">{t('detail.noData')}</p>
          ) : (
            <NotaryDataTable
              type={type}
              rows={rows}
              caption={t('detail.data', { type: t(`evidenceType.${type}`) })}
              action={(row) => (
                <a href={detailsHref(row, words)} target="_blank" rel="noopener noreferrer" className="notary-detail__link">
                  {t('detail.viewDetails')}
                  <span className="visually-hidden">{t('detail.newTab')}</span>
                </a>
              )}
            />
          )}
          <Pager />
        </section>
      </>
    );
  }

  return (
    <div className="page notary-detail" aria-busy={pending}>
      <Link className="notary-detail__back" to={safeBackPath(search.get('goBackUrl'))}>
        {t('detail.back')}
      </Link>
      <h1 className="notary-detail__title">{t('detail.title')}</h1>
      {body}
    </div>
  );
}
