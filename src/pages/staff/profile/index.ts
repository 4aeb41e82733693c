export { StaffProfilePage } from './ui/staff-profile-page';
