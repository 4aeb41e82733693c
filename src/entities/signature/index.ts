export {
  deleteSignatureFx,
  deleteSignatureMutation,
  setDefaultSignatureFx,
  setDefaultSignatureMutation,
  signatureListingFx,
  signatureListQuery,
  uploadSignatureFx,
  uploadSignatureMutation,
} from './api/signature';
export type { SignatureUpload } from './api/signature';
export { SealList } from './ui/seal-list';
export type { SealListProps } from './ui/seal-list';
