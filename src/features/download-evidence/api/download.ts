import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { downContractResponse } from '@contracts';

export const downContractFx = api.post('/data/downContract', (ids: number[]) => ({ dataIdStr: ids }));

/** POST /api/data/downContract {dataIdStr: comma list}: a signed download link per record. */
export const downContractMutation = createMutation({ effect: downContractFx, contract: zodContract(downContractResponse) });
