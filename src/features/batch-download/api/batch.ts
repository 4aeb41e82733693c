import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { signedLinkResponse } from '@contracts';

export const downloadBatchFx = api.post('/data/downloadBatch', (ids: number[]) => ({ ids }));

/** POST /api/data/downloadBatch {ids}: one zip (files, certificates, SHA-256 manifest) behind a signed link. */
export const downloadBatchMutation = createMutation({ effect: downloadBatchFx, contract: zodContract(signedLinkResponse) });
