import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { api } from '@/shared/api';
import { addressResponse, type AddressFields } from '@contracts';

/** GET /api/User/district?code=: one level of the region tree (provinces without a code). */
export const districtFx = api.get('/User/district', (code: string) => ({ code }));

export const addAddressFx = api.post('/User/addAddress', (fields: AddressFields) => fields);
/** POST /api/User/addAddress */
export const addAddressMutation = createMutation({ effect: addAddressFx, contract: zodContract(addressResponse) });

export const editAddressFx = api.post('/User/editAddress', (fields: AddressFields & { id: number }) => fields);
/** POST /api/User/editAddress */
export const editAddressMutation = createMutation({ effect: editAddressFx, contract: zodContract(addressResponse) });

export const deleteAddressFx = api.post('/User/delAddress', (id: number) => ({ id }));
/** POST /api/User/delAddress {id} */
export const deleteAddressMutation = createMutation({ effect: deleteAddressFx, contract: zodContract(z.null()) });

export const setDefaultAddressFx = api.post('/User/setDefaultAddress', (id: number) => ({ id }));
/** POST /api/User/setDefaultAddress {id} (our call: moves the default mark) */
export const setDefaultAddressMutation = createMutation({ effect: setDefaultAddressFx, contract: zodContract(z.null()) });
