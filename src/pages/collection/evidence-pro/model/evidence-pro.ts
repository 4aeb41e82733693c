import { createRecordView } from '@/entities/capture';

/** /evidencesPro/{baoquan} and /evidences-all/process/preview: one recorded session or app upload. */
export const proRecord = createRecordView();
