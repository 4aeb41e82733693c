export {
  addAddressFx,
  addAddressMutation,
  deleteAddressFx,
  deleteAddressMutation,
  districtFx,
  editAddressFx,
  editAddressMutation,
  setDefaultAddressFx,
  setDefaultAddressMutation,
} from './api/address';
export { addressListFx, addressListQuery } from './api/address-list';
