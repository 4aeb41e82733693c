import { useTranslation } from '@/shared/i18n';
import { UploadPanel } from '@/features/upload-evidence';
import { EvidenceList, EvidenceSectionNav } from '@/widgets/evidence-table';
import { dataListModel } from '../model/data-page';

/** /attestation-all/data: preserve files (upload with progress and cancel) and manage the preserved records. */
export function AttestationDataPage() {
  const { t } = useTranslation('evidence');
  return (
    <div className="page evidence-page">
      <h1 className="evidence-page__title">{t('pages.data.title')}</h1>
      <p className="evidence-page__intro">{t('pages.data.intro')}</p>
      <EvidenceSectionNav />
      <UploadPanel />
      <EvidenceList model={dataListModel} />
    </div>
  );
}
