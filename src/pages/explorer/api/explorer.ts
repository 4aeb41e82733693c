import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createApiEffect, proofResponse, publicKeyResponse } from '@/shared/api';

export const proofFx = createApiEffect((chainhash: string) => ({ method: 'GET', path: '/chain/proof', query: { chainhash } }));
/** GET /api/chain/proof?chainhash=: the log entry and its inclusion proof against the latest signed checkpoint. */
export const proofQuery = createQuery({ effect: proofFx, contract: zodContract(proofResponse) });

export const publicKeyFx = createApiEffect(() => ({ method: 'GET', path: '/chain/publicKey' }));
/** GET /api/chain/publicKey: the log's Ed25519 key. */
export const publicKeyQuery = createQuery({ effect: publicKeyFx, contract: zodContract(publicKeyResponse) });
