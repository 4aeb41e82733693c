export { $deletePending, deleteRequested, evidenceDeleted } from './model/delete';
export type { DeleteTarget } from './model/delete';
export { DeleteEvidenceButton } from './ui/delete-button';
