import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { BatchDownload } from '@/features/batch-download';
import { ProofPackageButton } from '@/features/download-proof-package';
import { EvidenceList, EvidenceSectionNav } from '@/widgets/evidence-table';
import { batchListModel } from '../model/batch-page';

function Toolbar() {
  const { t } = useTranslation('evidence');
  const [selected, count, rows] = useUnit([batchListModel.$selected, batchListModel.$count, batchListModel.$list]);
  const expectedBytes = rows.filter((row) => selected.includes(row.id)).reduce((sum, row) => sum + row.size, 0);
  return (
    <>
      <span className="batch-selected" aria-live="polite">
        {t('pages.batch.selected', { count: selected.length })}
      </span>
      <BatchDownload ids={selected} total={count} />
      <ProofPackageButton batch target={{ ids: selected, expectedBytes }} disabled={selected.length === 0} />
    </>
  );
}

/** /attestation-all/data/download: filters, a multi-select table and one package download (spec section 2). */
export function BatchDownloadPage() {
  const { t } = useTranslation('evidence');
  return (
    <div className="page evidence-page">
      <h1 className="evidence-page__title">{t('pages.batch.title')}</h1>
      <p className="evidence-page__intro">{t('pages.batch.intro')}</p>
      <EvidenceSectionNav />
      <EvidenceList model={batchListModel} mode="select" toolbar={<Toolbar />} />
    </div>
  );
}
