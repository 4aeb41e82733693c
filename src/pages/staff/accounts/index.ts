export { StaffAccountsPage } from './ui/staff-accounts-page';
