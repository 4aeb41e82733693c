import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { api } from '@/shared/api';

export const deleteEvidenceFx = api.post('/data/delData', (id: number) => ({ id }));

/** POST /api/data/delData {id}: hides the record from its owner (its log entry stays and still verifies). */
export const deleteEvidenceMutation = createMutation({ effect: deleteEvidenceFx, contract: zodContract(z.unknown()) });
