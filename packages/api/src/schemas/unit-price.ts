import { z } from 'zod';
import { NET_QUANTITY_UNITS } from './unit-price-rules';

/** Unit prices' rules (unit-price-rules.ts) and the schemas of a net quantity and a unit price. */
export * from './unit-price-rules';

export const ZNetQuantityUnit = z.enum(NET_QUANTITY_UNITS, {
  error: 'A kiszerelés mértékegysége kg, l, m vagy m2 lehet.',
});

export const ZNetQuantity = z
  .number({ error: 'A nettó mennyiségnek számnak kell lennie.' })
  .positive({ error: 'A nettó mennyiségnek 0-nál nagyobbnak kell lennie.' })
  .max(100_000, { error: 'A nettó mennyiség legfeljebb 100 000 lehet.' });

export const ZUnitPrice = z
  .object({
    amount: z.number().int().meta({ description: 'Bruttó egységár egész forintban egy mértékegységre.' }),
    unit: z.enum(NET_QUANTITY_UNITS).meta({ description: 'A mértékegység: "kg", "l", "m" vagy "m2" (m²).' }),
  })
  .meta({
    id: 'UnitPrice',
    description:
      'Egységár (Ft/kg, Ft/l, Ft/m, Ft/m²): a bruttó ár osztva a nettó mennyiséggel, egész forintra kerekítve.',
  });
export type TUnitPrice = z.infer<typeof ZUnitPrice>;
