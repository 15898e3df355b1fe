import { z } from 'zod';
import { listOf, ZId } from './common';
import { readOnly, readOnlyFieldsOf } from './read-only';

export const ZCustomerGroup = z
  .object({
    id: z.number().int(),
    name: z.string(),
    discountPercent: z.number().int().meta({
      description: 'Kedvezmény százalékban a listaárból minden olyan terméknél, amelynek nincs csoportára.',
    }),
    memberCount: readOnly(z.number().int().meta({ description: 'A csoport tagjainak száma.' })),
    createdAt: readOnly(z.iso.datetime().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' })),
    updatedAt: readOnly(z.iso.datetime().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
  })
  .meta({ id: 'CustomerGroup', description: 'Vásárlói csoport (pl. viszonteladók) saját árakhoz.' });
export type TCustomerGroup = z.infer<typeof ZCustomerGroup>;
export const ZCustomerGroupListOutput = listOf(ZCustomerGroup);

const ZGroupName = z
  .string({ error: 'A csoport neve kötelező.' })
  .trim()
  .min(1, { error: 'A csoport neve kötelező.' })
  .max(100, { error: 'A csoport neve legfeljebb 100 karakter lehet.' });

const ZDiscountPercent = z
  .number({ error: 'A kedvezmény mértéke szám.' })
  .int({ error: 'A kedvezmény mértéke egész szám.' })
  .min(0, { error: 'A kedvezmény legalább 0% lehet.' })
  .max(100, { error: 'A kedvezmény legfeljebb 100% lehet.' });

/** POST /api/customer/group. */
export const ZCustomerGroupCreateInput = z.strictObject({
  name: ZGroupName,
  discountPercent: ZDiscountPercent.default(0),
});
export type TCustomerGroupCreateInput = z.infer<typeof ZCustomerGroupCreateInput>;

/** PUT /api/customer/group: fields left out keep their value. */
export const ZCustomerGroupUpdateInput = z.strictObject({
  id: ZId,
  name: ZGroupName.optional(),
  discountPercent: ZDiscountPercent.optional(),
  ...readOnlyFieldsOf(ZCustomerGroup, ['memberCount', 'createdAt', 'updatedAt']),
});
export type TCustomerGroupUpdateInput = z.infer<typeof ZCustomerGroupUpdateInput>;
