export { OrdersPage } from './ui/orders-page';
