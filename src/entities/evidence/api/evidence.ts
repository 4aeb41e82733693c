import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { evidenceListResponse, labelListResponse, previewInfoResponse, type FileKind } from '@contracts';

export type EvidenceListParams = {
  page: number;
  limit: number;
  isApp: 0 | 1;
  label?: string;
  keyword?: string;
  fileType?: FileKind;
  startTime?: number;
  endTime?: number;
};

/** GET /api/data/getList: one query per list (the data and app lists, the batch download page). */
export function createEvidenceListQuery() {
  return createQuery({
    effect: api.get('/data/getList', (params: EvidenceListParams) => params),
    contract: zodContract(evidenceListResponse),
  });
}

/** GET /api/data/getLabelList (spec: no payload): the owner's labels for the label filter. */
export const labelListQuery = createQuery({
  effect: api.get('/data/getLabelList'),
  contract: zodContract(labelListResponse),
});

/** POST /api/share/getMpsInfo {fileUrl}: what a file link (signed, or the owner's stored path) points at, with a link to open it. */
export const previewInfoFx = api.post('/share/getMpsInfo', (fileUrl: string) => ({ fileUrl }), { quiet: true });
export const previewInfoQuery = createQuery({ effect: previewInfoFx, contract: zodContract(previewInfoResponse) });
