import { createEvidenceListModel } from '@/widgets/evidence-table';

/** /attestation-all/data/download: the data preservation records, selectable. */
export const batchListModel = createEvidenceListModel({ isApp: 0 });
