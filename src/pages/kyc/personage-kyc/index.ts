export { PersonageKycPage } from './ui/personage-kyc-page';
