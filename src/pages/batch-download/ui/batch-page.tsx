import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { BatchDownload } from '@/features/batch-download';
import { EvidenceList, EvidenceSectionNav } from '@/widgets/evidence-table';
import { batchListModel } from '../model/batch-page';

function Toolbar() {
  const { t } = useTranslation('evidence');
  const [selected, count] = useUnit([batchListModel.$selected, batchListModel.$count]);
  return (
    <>
      <span className="batch-selected" aria-live="polite">
        {t('pages.batch.selected', { count: selected.length })}
      </span>
      <BatchDownload ids={selected} total={count} />
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
