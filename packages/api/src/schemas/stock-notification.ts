import { z } from 'zod';
import { ZId } from './common';
import { ZEmail } from './user';
import { ZVariantId } from './variant';

/** POST /api/product/{id}/notify: "Értesítést kérek" on a sold-out product, or on one sold-out variant of it. */
export const ZStockNotifyInput = z.strictObject({
  id: ZId,
  variant: ZVariantId.optional().meta({
    description:
      'Változatokban árusított terméknél kötelező: az elfogyott változat azonosítója; a levél akkor megy, amikor ez a változat kapható újra.',
  }),
  email: ZEmail.optional().meta({
    description:
      'Ide küldjük a levelet, amikor a termék újra raktáron van. Bejelentkezett vásárlónál elhagyható: akkor a fiók e-mail-címe.',
  }),
});
export type TStockNotifyInput = z.infer<typeof ZStockNotifyInput>;

export const ZStockNotifyOutput = z.object({
  productId: z.number().int(),
  variantId: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'A kért változat azonosítója; null, ha a termék egyféle.' }),
  email: z.string().meta({ description: 'A cím (kisbetűsen), ahová az értesítés megy.' }),
});
export type TStockNotifyOutput = z.infer<typeof ZStockNotifyOutput>;
