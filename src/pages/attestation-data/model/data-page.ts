import { createEvidenceListModel } from '@/widgets/evidence-table';

/** /attestation-all/data: files preserved on the web. */
export const dataListModel = createEvidenceListModel({ isApp: 0 });
