import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { evidencesPayResponse } from '@contracts';

/** POST /api/Evidences/pay {order_no}: a consumption or notarisation order paid with points (spec section 7). */
export const evidencesPayFx = api.post('/Evidences/pay', (orderNo: string) => ({ order_no: orderNo }));

/**
 * A mutation of its own for each screen that pays with points (the orders list, the notary wizard): both run the one
 * effect above, and each reacts only to the payments it started.
 */
export const createEvidencesPayMutation = () => createMutation({ effect: evidencesPayFx, contract: zodContract(evidencesPayResponse) });
