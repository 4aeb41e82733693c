import { z } from 'zod';
import { codes } from './common';
import { msg } from './messages';
import { EMAIL, PHONE, SPECIAL_CHARS } from './rules';

/** At most 5 addresses per account (spec sections 3, 5 and 9). */
export const ADDRESS_MAX = 5;
export const ADDRESS_NAME_MAX = 20;
export const ADDRESS_DETAIL_MAX = 100;
export const EMAIL_MAX = 64;

const noSpecial = (v: string) => !SPECIAL_CHARS.test(v);

const required = (field: string, max: number) =>
  z
    .string({ required_error: msg('required', field) })
    .trim()
    .min(1, msg('required', field))
    .max(max, msg('tooLong', field))
    .refine(noSpecial, msg('specialChars', field));

/** A region code of the district data set: six digits (nine for the few towns listed under a city). */
const regionCode = z
  .string({ required_error: msg('regionRequired') })
  .trim()
  .regex(/^\d{6,9}$/, msg('regionRequired'));

/**
 * The fields of POST /api/User/addAddress and /api/User/editAddress. `province`, `city` and `area` are
 * region codes from GET /api/User/district (the server stores and answers their names too); `area` is
 * empty where the data set has no third level (Hong Kong and Macau districts). `status` "1" makes the
 * address the default.
 */
export const addressFields = z.object({
  name: z
    .string({ required_error: msg('contactRequired') })
    .trim()
    .min(1, msg('contactRequired'))
    .max(ADDRESS_NAME_MAX, msg('tooLong', 'contact'))
    .refine(noSpecial, msg('specialChars', 'contact')),
  province: regionCode,
  city: regionCode,
  area: z.union([z.literal(''), regionCode]).default(''),
  address: required('detailAddress', ADDRESS_DETAIL_MAX),
  phoneNumber: z
    .string({ required_error: msg('phoneEmpty') })
    .trim()
    .min(1, msg('phoneEmpty'))
    .regex(PHONE, msg('phoneInvalid')),
  email: z
    .string({ required_error: msg('required', 'email') })
    .trim()
    .min(1, msg('required', 'email'))
    .max(EMAIL_MAX, msg('email'))
    .regex(EMAIL, msg('email')),
  status: z.enum(['0', '1']).default('0'),
});
export type AddressFields = z.infer<typeof addressFields>;

const addressId = z.coerce
  .number({ invalid_type_error: msg('invalid', 'id') })
  .int(msg('invalid', 'id'))
  .positive(msg('invalid', 'id'));

export const addAddressRequest = addressFields;
export const editAddressRequest = addressFields.extend({ id: addressId });
/** POST /api/User/delAddress {id}, POST /api/User/setDefaultAddress {id} (the latter our own call). */
export const addressIdRequest = z.object({ id: addressId });

/** Spec section 3: id, name, province, city, area, address, phoneNumber, email, status (1 default). */
export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Names, for display. */
  province: z.string(),
  city: z.string(),
  area: z.string(),
  /** Codes, for editing with the region picker. */
  provinceCode: z.string(),
  cityCode: z.string(),
  areaCode: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  status: codes(0, 1),
  /** Hong Kong, Macau and Taiwan: invoices are not mailed there (spec section 9). */
  noInvoiceMail: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** GET /api/User/addressList */
export const addressListResponse = z.object({ list: z.array(addressSchema), max: z.number().int() });

/** Add and edit answer the stored address. */
export const addressResponse = addressSchema;

/** GET /api/User/district?code=: the children of a region (provinces when `code` is empty). */
export const districtRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^(\d{6,9})?$/, msg('regionRequired'))
    .default(''),
});

export const districtSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** No level below this one. */
  leaf: z.boolean(),
  /** Hong Kong, Macau and Taiwan, and everything in them: invoices are not mailed there. */
  noInvoiceMail: z.boolean(),
});
export type District = z.infer<typeof districtSchema>;
export const districtResponse = z.object({ list: z.array(districtSchema) });
