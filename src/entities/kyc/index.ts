export { authInfoFx, authInfoQuery } from './api/auth-info';
export { kycFormData, sexKey } from './lib/form-data';
export { createImageSet } from './model/image-set';
export type { ImageSet } from './model/image-set';
export { ImageField } from './ui/image-field';
export { KycLayout } from './ui/kyc-layout';
