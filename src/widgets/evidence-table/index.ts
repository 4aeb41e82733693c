export { createEvidenceListModel } from './model/evidence-list';
export type { EvidenceListModel } from './model/evidence-list';
export { buildListParams, EMPTY_FILTERS } from './lib/list-params';
export type { EvidenceFilters } from './lib/list-params';
export { EvidenceList } from './ui/evidence-list';
export { EvidenceSectionNav } from './ui/section-nav';
