export { StaffOrdersPage } from './ui/orders-page';
