import { Button, Input } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { type ReactNode } from 'react';
import { useTranslation, Trans } from '@/shared/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import { EVIDENCE_TYPES, type EvidenceType } from '@contracts';
import { paths } from '@/shared/routing';
import { FilterTabs } from '@/shared/ui/filter-tabs';
import { Pager } from '@/shared/ui/pager';
import { $creating, $notaryAccess, applyRequested } from '@/features/apply-notary';
import { NotaryDataTable } from '@/entities/notary-order';
import {
  $count,
  $hasDefaultSeal,
  $pricePerRecord,
  $totalPoints,
  $failed,
  $keywordDraft,
  $loaded,
  $page,
  $pages,
  $pageSelected,
  $pending,
  $rows,
  $searched,
  $selected,
  $type,
  applyClicked,
  keywordChanged,
  keywordSubmitted,
  pageChanged,
  pageSelectionToggled,
  retryClicked,
  rowToggled,
  SelectGate,
  typeChanged,
} from '../model/select';
import './notary-select-page.css';

const typeOf = (value: string | null): EvidenceType => {
  const n = Number(value);
  return (EVIDENCE_TYPES as readonly number[]).includes(n) ? (n as EvidenceType) : 1;
};

/** Why a user may not apply, with the way forward (spec sections 5 and 8). */
function AccessNotice() {
  const { t } = useTranslation('notary');
  const [access, onApply] = useUnit([$notaryAccess, applyRequested]);
  if (access === 'allowed') return null;
  return (
    <div className="notary-select__notice" role="alert">
      <p>{t(access === 'needsSupplement' ? 'access.supplementContent' : 'access.notVerified')}</p>
      {access === 'needsSupplement' ? (
        <Button theme="solid" type="primary" onClick={() => onApply({ next: paths.notarySelectList })}>
          {t('access.goSupplement')}
        </Button>
      ) : (
        <Link to={paths.newAccessCard}>{t('access.goVerify')}</Link>
      )}
    </div>
  );
}

/** The evidence-type tabs filter one list: only the selected tab's panel holds it (`children`). */
function TypeTabs({ children }: { children: ReactNode }) {
  const { t } = useTranslation('notary');
  const [type, onType] = useUnit([$type, typeChanged]);
  const [, setSearch] = useSearchParams();
  const choose = (next: EvidenceType) => {
    onType(next);
    setSearch(next === 1 ? {} : { type: String(next) }, { replace: true });
  };
  return (
    <FilterTabs keys={EVIDENCE_TYPES} activeKey={type} title={(key) => t(`evidenceType.${key}`)} onChange={choose}>
      {children}
    </FilterTabs>
  );
}

function SelectPager() {
  const { t } = useTranslation('notary');
  const [page, pages, count, onPage] = useUnit([$page, $pages, $count, pageChanged]);
  if (count === 0) return null;
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      total={t('list.total', { count })}
      label={t('list.pagination')}
      prev={t('list.prev')}
      next={t('list.next')}
      pageText={t('list.page', { page, pages })}
    />
  );
}

/** `/notary/selectList`: choose preserved records of one type, then apply (spec section 2). */
/** The price per record and the total of the chosen records, before the order is made. */
function PriceLine() {
  const { t } = useTranslation('notary');
  const [price, total] = useUnit([$pricePerRecord, $totalPoints]);
  if (price === null || total === null) return null;
  return (
    <span className="notary-select__price nowrap" data-testid="notary-select-price">
      {t('select.price', { price, total })}
    </span>
  );
}

/** Step 2 signs with the default seal: said before step 1, with the way to add one. */
function SealNotice() {
  const { t } = useTranslation('notary');
  const hasSeal = useUnit($hasDefaultSeal);
  if (hasSeal !== false) return null;
  return (
    <p className="notary-select__notice notary-select__notice--info" data-testid="notary-select-seal-notice">
      <Trans t={t} i18nKey="select.sealNeeded" components={{ seal: <Link to={paths.signature} /> }} />
    </p>
  );
}

export function NotarySelectPage() {
  const { t } = useTranslation('notary');
  const [search] = useSearchParams();
  useGate(SelectGate, { type: typeOf(search.get('type')) });
  const [type, rows, selected, pageSelected, pending, failed, loaded, searched, keyword, creating, access] = useUnit([
    $type,
    $rows,
    $selected,
    $pageSelected,
    $pending,
    $failed,
    $loaded,
    $searched,
    $keywordDraft,
    $creating,
    $notaryAccess,
  ]);
  const [onToggle, onTogglePage, onKeyword, onSearch, onRetry, onApply] = useUnit([
    rowToggled,
    pageSelectionToggled,
    keywordChanged,
    keywordSubmitted,
    retryClicked,
    applyClicked,
  ]);

  let body: ReactNode;
  if (failed && !pending) {
    body = (
      <div className="notary-select__state" role="alert">
        <p>{t('list.failed')}</p>
        <Button onClick={onRetry}>{t('list.retry')}</Button>
      </div>
    );
  } else if (!loaded || (pending && rows.length === 0)) {
    body = (
      <div className="notary-select__state" aria-busy="true">
        <span>{t('list.loading')}</span>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="notary-select__state" data-testid="notary-select-empty">
        <p>{t(searched ? 'select.emptySearch' : 'select.empty')}</p>
      </div>
    );
  } else {
    body = (
      <NotaryDataTable
        type={type}
        rows={rows}
        caption={t('select.caption', { type: t(`evidenceType.${type}`) })}
        lead={{
          header: <input type="checkbox" checked={pageSelected} aria-label={t('select.selectPage')} onChange={onTogglePage} />,
          cell: (row) => (
            <input
              type="checkbox"
              checked={selected.includes(row.id)}
              aria-label={t('select.selectRow', { number: 'baoquan_no' in row ? row.baoquan_no : row.baoquan })}
              onChange={() => onToggle(row.id)}
            />
          ),
        }}
      />
    );
  }

  return (
    <div className="page notary-select">
      <div className="notary-select__head">
        <h1 className="notary-select__title">{t('select.title')}</h1>
        <Link to={paths.notary}>{t('select.back')}</Link>
      </div>
      <p className="notary-select__intro">{t('select.intro')}</p>
      <AccessNotice />
      <SealNotice />
      <div className="notary-select__box">
        <TypeTabs>
          <section aria-busy={pending}>
            <form
              className="notary-select__search"
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                onSearch();
              }}
            >
              <label htmlFor="notary-select-keyword" className="visually-hidden">
                {t('select.keyword')}
              </label>
              <Input id="notary-select-keyword" value={keyword} maxLength={100} placeholder={t('select.keyword')} onChange={onKeyword} />
              <Button htmlType="submit">{t('list.filters.search')}</Button>
            </form>
            {body}
            <SelectPager />
          </section>
        </TypeTabs>
        <div className="notary-select__bar">
          <span data-testid="notary-selected-count">{t('select.chosen', { count: selected.length })}</span>
          <PriceLine />
          <Button
            theme="solid"
            type="primary"
            disabled={selected.length === 0 || creating || access !== 'allowed'}
            loading={creating}
            onClick={onApply}
          >
            {t('select.apply')}
          </Button>
        </div>
      </div>
    </div>
  );
}
