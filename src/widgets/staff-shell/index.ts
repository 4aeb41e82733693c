export { StaffShell } from './ui/staff-shell';
export { StaffNotice } from './ui/staff-notice';
