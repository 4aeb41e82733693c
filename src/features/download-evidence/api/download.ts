import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createApiEffect, downContractResponse } from '@/shared/api';

export const downContractFx = createApiEffect((ids: number[]) => ({ method: 'POST', path: '/data/downContract', body: { dataIdStr: ids } }));

/** POST /api/data/downContract {dataIdStr: comma list}: a signed download link per record. */
export const downContractMutation = createMutation({ effect: downContractFx, contract: zodContract(downContractResponse) });
