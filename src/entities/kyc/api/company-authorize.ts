import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { api } from '@/shared/api';
import { ORG_IMAGE_FIELDS, type CompanyAuthorizeFields, type OrgImageField } from '@contracts';
import { kycFormData } from '../lib/form-data';

export type CompanyAuthorizeParams = { fields: CompanyAuthorizeFields; files: Record<OrgImageField, File> };

export const companyAuthorizeFx = api.postForm('/user/companyAuthorize', ({ fields, files }: CompanyAuthorizeParams) =>
  kycFormData(fields, files, ORG_IMAGE_FIELDS),
);

/** POST /api/user/companyAuthorize (multipart: text fields, then the five images). */
export const companyAuthorizeMutation = createMutation({ effect: companyAuthorizeFx, contract: zodContract(z.null()) });
