import { useTranslation } from '@/shared/i18n';
import { EvidenceList, EvidenceSectionNav } from '@/widgets/evidence-table';
import { appListModel } from '../model/app-page';

/** /attestation-all/app: the records made in the mobile app, with the same list behaviour. */
export function AttestationAppPage() {
  const { t } = useTranslation('evidence');
  return (
    <div className="page evidence-page">
      <h1 className="evidence-page__title">{t('pages.app.title')}</h1>
      <p className="evidence-page__intro">{t('pages.app.intro')}</p>
      <EvidenceSectionNav />
      <EvidenceList model={appListModel} />
    </div>
  );
}
