export { KycInfoPage, PersonInfoPage } from './ui/kyc-info-page';
