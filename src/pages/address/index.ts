export { AddressPage } from './ui/address-page';
