import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api, proofResponse, publicKeyResponse } from '@/shared/api';

export const proofFx = api.get('/chain/proof', (chainhash: string) => ({ chainhash }));
/** GET /api/chain/proof?chainhash=: the log entry and its inclusion proof against the latest signed checkpoint. */
export const proofQuery = createQuery({ effect: proofFx, contract: zodContract(proofResponse) });

export const publicKeyFx = api.get('/chain/publicKey', (keyId: string) => ({ keyId }));
/** GET /api/chain/publicKey?keyId=: the Ed25519 key the checkpoint names (retired keys stay served after a rotation). */
export const publicKeyQuery = createQuery({ effect: publicKeyFx, contract: zodContract(publicKeyResponse) });
