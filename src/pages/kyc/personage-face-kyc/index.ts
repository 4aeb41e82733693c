export { FaceKycPage } from './ui/face-kyc-page';
