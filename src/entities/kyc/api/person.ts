import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { api } from '@/shared/api';
import {
  faceStartResponse,
  PERSON_IMAGE_FIELDS,
  REPAIR_IMAGE_FIELDS,
  type PerAuthorizeFields,
  type PersonImageField,
  type RepairImageField,
} from '@contracts';
import { kycFormData } from '../lib/form-data';

export type PerAuthorizeParams = { fields: PerAuthorizeFields; files: Record<PersonImageField, File> };

export const perAuthorizeFx = api.postForm('/peruser/perAuthorize', ({ fields, files }: PerAuthorizeParams) =>
  kycFormData(fields, files, PERSON_IMAGE_FIELDS),
);
/** POST /api/peruser/perAuthorize (authType 1, multipart). */
export const perAuthorizeMutation = createMutation({ effect: perAuthorizeFx, contract: zodContract(z.null()) });

export type FaceStartParams = { username: string; idCard: string; type: '1' | '2'; agree: '1' };
export const faceStartFx = api.post('/peruser/aliIdentification', (params: FaceStartParams) => params);
/** POST /api/peruser/aliIdentification: answers the face page url and certify_id. */
export const faceStartMutation = createMutation({ effect: faceStartFx, contract: zodContract(faceStartResponse) });

export const userRepairFx = api.postForm('/Peruser/userRepair', (files: Record<RepairImageField, File>) =>
  kycFormData({}, files, REPAIR_IMAGE_FIELDS),
);
/** POST /api/Peruser/userRepair: ID photos of a face-verified user (multipart). */
export const userRepairMutation = createMutation({ effect: userRepairFx, contract: zodContract(z.null()) });
