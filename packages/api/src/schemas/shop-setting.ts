import { z } from 'zod';

/** The shop's public company details (ShopSetting), as /contact and the footer show them. */
export const ZShopDetails = z
  .object({
    shopName: z.string().meta({ description: 'A webáruház neve.' }),
    companyName: z.string().meta({ description: 'Az üzemeltető cég neve.' }),
    address: z.string().meta({ description: 'A cég címe (székhely).' }),
    taxNumber: z.string().meta({ description: 'A cég adószáma.' }),
    registrationNumber: z.string().meta({ description: 'Cégjegyzékszám.' }),
    email: z.string().meta({ description: 'Ügyfélszolgálati e-mail-cím.' }),
    phone: z.string().meta({ description: 'Ügyfélszolgálati telefonszám.' }),
    phoneHours: z.string().meta({ description: 'Mikor hívható a telefonszám.' }),
    mapUrl: z.string().nullable().meta({ description: 'Térképhivatkozás a címhez; null, ha nincs.' }),
    vatExempt: z.boolean().meta({
      description:
        'Alanyi adómentes-e a bolt (Áfa tv. 187. §): ha igen, minden rendelési tétel, a szállítás és a díjak is AAM-osak, ÁFA nélkül.',
    }),
  })
  .meta({ id: 'ShopDetails', description: 'A webáruház üzemeltetőjének nyilvános adatai.' });
export type TShopDetails = z.infer<typeof ZShopDetails>;

function shopText(label: string, max: number, required = false) {
  const text = z
    .string({ error: `${label} kötelező.` })
    .trim()
    .max(max, { error: `${label} legfeljebb ${max} karakter lehet.` });
  return required ? text.min(1, { error: `${label} kötelező.` }) : text;
}

/** Only web addresses: the link is put in an `href` on the shop's pages. */
const ZMapUrl = z
  .string()
  .trim()
  .max(1000, { error: 'A térképhivatkozás legfeljebb 1000 karakter lehet.' })
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || /^https:\/\/[^\s]+$/i.test(value), {
    error: 'A térképhivatkozás https:// kezdetű webcím legyen.',
  })
  .nullable();

/** PUT /api/shop: every field as the admin's form holds it (the Barion Pixel ID is edited elsewhere). */
export const ZShopDetailsInput = z.strictObject({
  shopName: shopText('A webáruház neve', 100, true),
  companyName: shopText('A cégnév', 200, true),
  address: shopText('A cím', 300, true),
  taxNumber: shopText('Az adószám', 20),
  registrationNumber: shopText('A cégjegyzékszám', 50),
  email: z
    .string({ error: 'Az e-mail-cím kötelező.' })
    .trim()
    .max(254, { error: 'Az e-mail-cím túl hosszú.' })
    .pipe(z.union([z.literal(''), z.email({ error: 'Érvénytelen e-mail-cím.' })])),
  phone: shopText('A telefonszám', 40),
  phoneHours: shopText('A telefonos elérhetőség', 200),
  mapUrl: ZMapUrl,
  /** Left out: stays as it is (clients written before the setting existed). */
  vatExempt: z
    .boolean({ error: 'Az alanyi adómentesség igen vagy nem (true/false) lehet.' })
    .optional()
    .meta({
      description:
        'Alanyi adómentes bolt: bekapcsolva minden új rendelési tétel és díj AAM-os, ÁFA nélkül. Elhagyva nem változik.',
    }),
});
export type TShopDetailsInput = z.input<typeof ZShopDetailsInput>;
export type TShopDetailsSaved = z.output<typeof ZShopDetailsInput>;
