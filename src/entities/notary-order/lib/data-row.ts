import type { EvidenceType, NotaryDataRow } from '@contracts';

/** The column set of the data table (spec section 2): data (1, 5), process and mobile (2, 4), web (3). */
export type DataKind = 'data' | 'process' | 'web';

export const dataKindOf = (type: EvidenceType): DataKind => (type === 3 ? 'web' : type === 2 || type === 4 ? 'process' : 'data');

/** The record's number, whichever shape its row has. */
export const rowNumber = (row: NotaryDataRow): string => ('baoquan_no' in row ? row.baoquan_no : row.baoquan);
/** Its name (a file's title, an evidence name, a page's name). */
export const rowName = (row: NotaryDataRow): string => ('name' in row ? row.name : row.title);
export const rowTime = (row: NotaryDataRow): string => ('time' in row ? row.time : row.saveTime);
