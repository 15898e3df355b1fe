import { z } from 'zod';
import { ZAddresses } from './address';
import { pageOf, ZId, ZPageNumber } from './common';
import { ZAdminUser } from './user';

export const CUSTOMER_SORT_FIELDS = ['name', 'email', 'createdAt', 'lastLoginAt', 'orderCount'] as const;

/** POST /api/customer: customers (not admins, not deleted accounts). `groupId: null` lists those without a group. */
export const ZCustomerListInput = z
  .strictObject({
    search: z
      .string()
      .trim()
      .max(200, { error: 'A keresőkifejezés legfeljebb 200 karakter lehet.' })
      .optional(),
    groupId: ZId.nullable().optional(),
    newsletter: z.boolean().optional(),
    hasOrders: z.boolean().optional(),
    page: ZPageNumber.default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
    sort: z.enum(CUSTOMER_SORT_FIELDS).default('name'),
    order: z.enum(['asc', 'desc']).default('asc'),
  })
  .default({ page: 1, pageSize: 50, sort: 'name', order: 'asc' });
export type TCustomerListInput = z.infer<typeof ZCustomerListInput>;

/** Orders and spend count only orders that were not cancelled or refunded. */
const orderStats = {
  orderCount: z.number().int(),
  /** Gross forints. */
  totalSpent: z.number().int(),
  lastOrderAt: z.iso.datetime().nullable(),
};

export const ZCustomerListItem = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    newsletter: z.boolean(),
    createdAt: z.iso.datetime().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
    lastLoginAt: z.iso.datetime().nullable(),
    ...orderStats,
  })
  .meta({ id: 'CustomerSummary', description: 'Egy vásárló az admin listájában, rendelési összesítőkkel.' });
export type TCustomerListItem = z.infer<typeof ZCustomerListItem>;

export const ZCustomerListOutput = pageOf(ZCustomerListItem);
export type TCustomerListOutput = z.infer<typeof ZCustomerListOutput>;

/** GET /api/customer/{id}: the account, its addresses and its orders in numbers. */
export const ZCustomerDetail = ZAdminUser.extend({
  addresses: ZAddresses,
  ...orderStats,
}).meta({ id: 'Customer', description: 'Egy vásárló adatlapja az admin számára.' });
export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;
