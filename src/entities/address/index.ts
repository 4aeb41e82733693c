export { addressListFx, addressListQuery } from './api/address-list';
