import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { ADDRESS_MAX, addressFields, districtResponse, type Address, type District } from '@contracts';
import { translate, translateMessage } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import {
  addAddressMutation,
  addressListQuery,
  deleteAddressMutation,
  districtFx,
  editAddressMutation,
  setDefaultAddressMutation,
} from '@/entities/address';
import { parentsOf, regionPath, type LoadedLevels } from '../lib/region-tree';

export const AddressGate = createGate();

export const $addresses = addressListQuery.$data.map((data) => data?.list ?? []);
export const $loading = addressListQuery.$pending;
export const $failed = addressListQuery.$error.map(Boolean);
export const retryClicked = createEvent();
// `start`, not `refresh`: refresh skips a query it thinks fresh, so a reload would hang on its last answer.
sample({ clock: [AddressGate.open, retryClicked], target: addressListQuery.start });

// Region tree, loaded level by level from GET /api/User/district.
export const $levels = createStore<LoadedLevels>({});
/** Loads the children of a region once ('' = the provinces); resolves when they are in the tree. */
export const loadRegionFx = attach({
  source: $levels,
  effect: createEffect(async ({ code, loaded }: { code: string; loaded: boolean }): Promise<District[] | null> => {
    if (loaded) return null;
    return districtResponse.parse(await districtFx(code)).list;
  }),
  mapParams: (code: string, levels) => ({ code, loaded: code in levels }),
});
$levels.on(loadRegionFx.done, (levels, { params, result }) => (result ? { ...levels, [params]: result } : levels));

// The form (add and edit share it).
export type AddressFormValues = {
  name: string;
  province: string;
  city: string;
  area: string;
  address: string;
  phoneNumber: string;
  email: string;
  status: string;
};
const EMPTY: AddressFormValues = { name: '', province: '', city: '', area: '', address: '', phoneNumber: '', email: '', status: '0' };

export const addressForm = createForm({ schema: addressFields, initialValues: EMPTY });
export const addClicked = createEvent();
export const editClicked = createEvent<Address>();
export const formClosed = createEvent();
/** The Cascader's value: province, city and area codes (two for Hong Kong and Macau). */
export const regionChosen = createEvent<string[]>();

export const $editing = createStore<Address | null>(null)
  .on(editClicked, (_, address) => address)
  .reset([addClicked, formClosed, editAddressMutation.finished.success]);
export const $formOpen = createStore(false)
  .on(editClicked, () => true)
  .on(formClosed, () => false)
  .on([addAddressMutation.finished.success, editAddressMutation.finished.success], () => false)
  .reset(AddressGate.close);
export const $saving = combine(addAddressMutation.$pending, editAddressMutation.$pending, (a, b) => a || b);
export const $atLimit = $addresses.map((list) => list.length >= ADDRESS_MAX);
export const $regionValue = addressForm.$values.map((v) => regionPath(v));

// Spec section 5: at most 5; the button says so at once (the server refuses a sixth as well).
sample({
  clock: addClicked,
  source: $atLimit,
  filter: (atLimit) => atLimit,
  fn: () => ({ type: 'error' as const, text: translateMessage('addressLimit') }),
  target: showToastFx,
});
sample({ clock: addClicked, source: $atLimit, filter: (atLimit) => !atLimit, fn: () => true, target: $formOpen });
// Reset before the edited address's values are loaded in (samples run in the order they are declared).
sample({ clock: [addClicked, editClicked, formClosed], target: addressForm.reset });
sample({
  clock: editClicked,
  fn: (a): AddressFormValues => ({
    name: a.name,
    province: a.provinceCode,
    city: a.cityCode,
    area: a.areaCode,
    address: a.address,
    phoneNumber: a.phoneNumber,
    email: a.email,
    status: String(a.status),
  }),
  target: addressForm.valuesLoaded,
});

// The provinces load with the page; an edited address's path loads so the Cascader can show it.
sample({ clock: AddressGate.open, fn: () => '', target: loadRegionFx });
const loadPathFx = createEffect(async (path: string[]) => {
  for (const code of parentsOf(path)) await loadRegionFx(code);
});
sample({ clock: editClicked, fn: (a) => regionPath({ province: a.provinceCode, city: a.cityCode, area: a.areaCode }), target: loadPathFx });

sample({
  clock: regionChosen,
  fn: ([province = '', city = '', area = '']) => ({ province, city, area }),
  target: addressForm.valuesPatched,
});
sample({ clock: regionChosen, fn: () => 'province' as const, target: addressForm.fieldBlurred });

sample({
  clock: addressForm.validated,
  source: $editing,
  filter: (editing) => editing === null,
  fn: (_, fields) => fields,
  target: addAddressMutation.start,
});
sample({
  clock: addressForm.validated,
  source: $editing,
  filter: (editing) => editing !== null,
  fn: (editing, fields) => ({ ...fields, id: editing?.id ?? 0 }),
  target: editAddressMutation.start,
});

// Default and delete.
export const setDefaultClicked = createEvent<Address>();
export const deleteClicked = createEvent<Address>();
sample({ clock: setDefaultClicked, filter: (a) => a.status !== 1, fn: (a) => a.id, target: setDefaultAddressMutation.start });

const $deleting = createStore<Address | null>(null).on(deleteClicked, (_, a) => a);
const confirmDeleteFx = attach({ effect: showConfirmFx });
sample({
  clock: deleteClicked,
  fn: (a) => ({
    title: translate('address:delete.title'),
    content: translate('address:delete.content', { name: a.name }),
    okText: translate('address:delete.ok'),
    cancelText: translate('address:delete.cancel'),
    danger: true,
  }),
  target: confirmDeleteFx,
});
sample({
  clock: confirmDeleteFx.doneData,
  source: $deleting,
  filter: (a, confirmed) => confirmed && a !== null,
  fn: (a) => a?.id ?? 0,
  target: deleteAddressMutation.start,
});

export const $actionPending = combine(setDefaultAddressMutation.$pending, deleteAddressMutation.$pending, (a, b) => a || b);

const toast = (key: string) => () => ({ type: 'success' as const, text: translate(key) });
sample({ clock: addAddressMutation.finished.success, fn: toast('address:toast.added'), target: showToastFx });
sample({ clock: editAddressMutation.finished.success, fn: toast('address:toast.updated'), target: showToastFx });
sample({ clock: deleteAddressMutation.finished.success, fn: toast('address:toast.deleted'), target: showToastFx });
sample({ clock: setDefaultAddressMutation.finished.success, fn: toast('address:toast.defaultSet'), target: showToastFx });
sample({
  clock: [
    addAddressMutation.finished.success,
    editAddressMutation.finished.success,
    deleteAddressMutation.finished.success,
    setDefaultAddressMutation.finished.success,
  ],
  target: addressListQuery.start,
});
