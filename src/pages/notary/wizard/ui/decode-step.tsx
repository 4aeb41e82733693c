import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { NOTARY_PAGE_SIZE, type NotaryState } from '@contracts';
import {
  $busy,
  $decodeAgreed,
  $decodeCount,
  $decodePage,
  $decodeRows,
  $flags,
  decodeAgreedToggled,
  decodeClicked,
  decodePageChanged,
} from '@/features/apply-notary';
import { NotaryDataTable } from '@/entities/notary-order';
import { NextButton } from './step-parts';

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
