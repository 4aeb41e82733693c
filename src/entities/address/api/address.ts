import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { addressResponse, createApiEffect, type AddressFields } from '@/shared/api';

/** GET /api/User/district?code=: one level of the region tree (provinces without a code). */
export const districtFx = createApiEffect((code: string) => ({ method: 'GET', path: '/User/district', query: { code } }));

export const addAddressFx = createApiEffect((fields: AddressFields) => ({ method: 'POST', path: '/User/addAddress', body: fields }));
/** POST /api/User/addAddress */
export const addAddressMutation = createMutation({ effect: addAddressFx, contract: zodContract(addressResponse) });

export const editAddressFx = createApiEffect((fields: AddressFields & { id: number }) => ({ method: 'POST', path: '/User/editAddress', body: fields }));
/** POST /api/User/editAddress */
export const editAddressMutation = createMutation({ effect: editAddressFx, contract: zodContract(addressResponse) });

export const deleteAddressFx = createApiEffect((id: number) => ({ method: 'POST', path: '/User/delAddress', body: { id } }));
/** POST /api/User/delAddress {id} */
export const deleteAddressMutation = createMutation({ effect: deleteAddressFx, contract: zodContract(z.null()) });

export const setDefaultAddressFx = createApiEffect((id: number) => ({ method: 'POST', path: '/User/setDefaultAddress', body: { id } }));
/** POST /api/User/setDefaultAddress {id} (our call: moves the default mark) */
export const setDefaultAddressMutation = createMutation({ effect: setDefaultAddressFx, contract: zodContract(z.null()) });
