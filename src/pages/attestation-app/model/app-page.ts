import { createEvidenceListModel } from '@/widgets/evidence-table';

/** /attestation-all/app: evidence created in the mobile app (isApp 1). */
export const appListModel = createEvidenceListModel({ isApp: 1 });
