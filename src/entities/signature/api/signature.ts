import { concurrency, createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { api } from '@/shared/api';
import { signatureListingResponse, signatureUploadResponse } from '@contracts';

export const signatureListingFx = api.post('/signature/listing');

/** POST /api/signature/listing */
export const signatureListQuery = createQuery({ effect: signatureListingFx, contract: zodContract(signatureListingResponse) });
concurrency(signatureListQuery, { strategy: 'TAKE_LATEST' });

export type SignatureUpload = { name: string; isDefault: '0' | '1'; file: File };

export const uploadSignatureFx = api.postForm('/signature/upload', ({ name, isDefault, file }: SignatureUpload) => {
  // Fields first: the server checks them before it reads a byte of the image.
  const body = new FormData();
  body.append('name', name);
  body.append('isDefault', isDefault);
  body.append('file', file, file.name);
  return body;
});

/** POST /api/signature/upload (multipart: name, isDefault, file; our design, spec: not shown). */
export const uploadSignatureMutation = createMutation({ effect: uploadSignatureFx, contract: zodContract(signatureUploadResponse) });

export const deleteSignatureFx = api.post('/signature/del', (id: number) => ({ id }));
/** POST /api/signature/del {id} */
export const deleteSignatureMutation = createMutation({ effect: deleteSignatureFx, contract: zodContract(z.null()) });

export const setDefaultSignatureFx = api.post('/signature/setDefault', (id: number) => ({ id }));
/** POST /api/signature/setDefault {id} */
export const setDefaultSignatureMutation = createMutation({ effect: setDefaultSignatureFx, contract: zodContract(z.null()) });
