import { z } from 'zod';
import {
  ZOptionalCompanyName,
  ZOptionalEuVatNumber,
  ZOptionalFloorDoor,
  ZOptionalPhone,
  ZOptionalTaxNumber,
} from './account';
import { listOf, ZId } from './common';

export const ADDRESS_TYPES = ['shipping', 'billing'] as const;
export const ZAddressType = z.enum(ADDRESS_TYPES, {
  error: 'A cím típusa szállítási (shipping) vagy számlázási (billing) lehet.',
});
export type TAddressType = z.infer<typeof ZAddressType>;

/** Hungarian labels of the address types, for screens and exports. */
export const ADDRESS_TYPE_LABELS: Record<TAddressType, string> = {
  shipping: 'Szállítási cím',
  billing: 'Számlázási cím',
};

/** Most addresses one customer may keep; a form never needs more, a script filling the table does. */
export const MAX_ADDRESSES_PER_USER = 50;

export const ZAddress = z
  .object({
    id: z.number().int(),
    type: ZAddressType,
    name: z.string(),
    postcode: z.string(),
    city: z.string(),
    street: z.string(),
    floorDoor: z.string().nullable(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    taxNumber: z.string().nullable(),
    euVatNumber: z
      .string()
      .nullable()
      .meta({ description: 'Közösségi (EU-s) adószám, pl. HU12345676; null, ha nincs.' }),
    isDefault: z.boolean(),
  })
  .meta({ id: 'Address', description: 'A vásárló egy mentett címe (szállítási vagy számlázási).' });
export type TAddress = z.infer<typeof ZAddress>;
/** A customer's addresses inside another answer (the account, the customer's record). */
export const ZAddresses = z.array(ZAddress);
/** GET /api/user/address: the signed-in customer's addresses. */
export const ZAddressListOutput = listOf(ZAddress);

const addressFields = {
  type: ZAddressType,
  name: z
    .string({ error: 'A név kötelező.' })
    .trim()
    .min(1, { error: 'A név kötelező.' })
    .max(200, { error: 'A név legfeljebb 200 karakter lehet.' }),
  postcode: z
    .string({ error: 'Az irányítószám kötelező.' })
    .trim()
    .regex(/^\d{4}$/, { error: 'Az irányítószám 4 számjegyből áll.' })
    .meta({ example: '1052' }),
  city: z
    .string({ error: 'A település kötelező.' })
    .trim()
    .min(1, { error: 'A település kötelező.' })
    .max(100, { error: 'A település legfeljebb 100 karakter lehet.' }),
  street: z
    .string({ error: 'Az utca, házszám kötelező.' })
    .trim()
    .min(1, { error: 'Az utca, házszám kötelező.' })
    .max(200, { error: 'Az utca, házszám legfeljebb 200 karakter lehet.' }),
  floorDoor: ZOptionalFloorDoor,
  phone: ZOptionalPhone,
  companyName: ZOptionalCompanyName,
  taxNumber: ZOptionalTaxNumber,
  euVatNumber: ZOptionalEuVatNumber,
  /**
   * Marking an address the default of its type takes the mark from the previous one. A type that
   * has addresses always keeps one default: the first address gets it, and a removed default passes it on.
   */
  isDefault: z.boolean({ error: 'Az alapértelmezett jelölés igen/nem érték.' }).optional(),
};

/** POST /api/user/address. The first address of a type becomes its default. */
export const ZAddressCreateInput = z.strictObject(addressFields);
export type TAddressCreateInput = z.infer<typeof ZAddressCreateInput>;

/** PATCH /api/user/address: the address's id and the fields to change. */
export const ZAddressUpdateInput = z.strictObject({
  id: ZId,
  type: addressFields.type.optional(),
  name: addressFields.name.optional(),
  postcode: addressFields.postcode.optional(),
  city: addressFields.city.optional(),
  street: addressFields.street.optional(),
  floorDoor: addressFields.floorDoor,
  phone: addressFields.phone,
  companyName: addressFields.companyName,
  taxNumber: addressFields.taxNumber,
  euVatNumber: addressFields.euVatNumber,
  isDefault: addressFields.isDefault,
});
export type TAddressUpdateInput = z.infer<typeof ZAddressUpdateInput>;
