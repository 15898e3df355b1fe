import { z } from 'zod';
import { ZId } from './common';
import { ZEmail } from './user';

/** POST /api/product/{id}/notify: "Értesítést kérek" on a sold-out product. */
export const ZStockNotifyInput = z.strictObject({
  id: ZId,
  email: ZEmail.optional().meta({
    description:
      'Ide küldjük a levelet, amikor a termék újra raktáron van. Bejelentkezett vásárlónál elhagyható: akkor a fiók e-mail-címe.',
  }),
});
export type TStockNotifyInput = z.infer<typeof ZStockNotifyInput>;

export const ZStockNotifyOutput = z.object({
  productId: z.number().int(),
  email: z.string().meta({ description: 'A cím (kisbetűsen), ahová az értesítés megy.' }),
});
export type TStockNotifyOutput = z.infer<typeof ZStockNotifyOutput>;
