import { createRecordView } from '@/entities/capture';

/** /evidencesWeb/{baoquan_no}: one web capture, as the visitor may see it. */
export const webRecord = createRecordView();
