export { OrganizationKycPage } from './ui/organization-kyc-page';
