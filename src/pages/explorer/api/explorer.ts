import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { consistencyResponse, proofResponse, publicKeyResponse, timestampAuthorityResponse } from '@contracts';

export const proofFx = api.get('/chain/proof', (chainhash: string) => ({ chainhash }));
/** GET /api/chain/proof?chainhash=: the log entry, its inclusion proof against the latest signed checkpoint, and `timestamped`. */
export const proofQuery = createQuery({ effect: proofFx, contract: zodContract(proofResponse) });

export const publicKeyFx = api.get('/chain/publicKey', (keyId: string) => ({ keyId }));
/** GET /api/chain/publicKey?keyId=: the Ed25519 key the checkpoint names (retired keys stay served after a rotation). */
export const publicKeyQuery = createQuery({ effect: publicKeyFx, contract: zodContract(publicKeyResponse) });
/** The same call for the key the timestamped checkpoint names (another one after a rotation). */
export const timestampedKeyQuery = createQuery({ effect: publicKeyFx, contract: zodContract(publicKeyResponse) });

// The checks show their own failure ("unavailable"): these calls are quiet (no toast).
export const timestampAuthorityFx = api.get('/chain/timestampAuthority', undefined, { quiet: true });
/** GET /api/chain/timestampAuthority: the certificates (DER, base64, the root first) the checkpoints' RFC 3161 tokens chain to. */
export const timestampAuthorityQuery = createQuery({ effect: timestampAuthorityFx, contract: zodContract(timestampAuthorityResponse) });

export type ConsistencyParams = { first: number; second: number };
export const consistencyFx = api.get(
  '/chain/consistency',
  ({ first, second }: ConsistencyParams) => ({ first: String(first), second: String(second) }),
  { quiet: true },
);
/** GET /api/chain/consistency?first=&second=: the RFC 6962 consistency proof between two tree sizes. */
export const consistencyQuery = createQuery({ effect: consistencyFx, contract: zodContract(consistencyResponse) });
