import { z } from 'zod';
import { ZWindowEdge } from './banner';
import { ZForint, ZId, ZSalePrice, zWholeNumber } from './common';
import { MAX_PRICE_TIERS, ZGroupPriceInput, ZPriceBand, ZPriceTier, ZPriceTierInput } from './price-tier';
import { matchItemsBy, readOnly, readOnlyFieldsOf } from './read-only';

/** How many options (Méret, Szín, …) one product may have. */
export const MAX_PRODUCT_OPTIONS = 3;
/** How many values one option may list. */
export const MAX_OPTION_VALUES = 50;
/** How many variants one product may have. */
export const MAX_PRODUCT_VARIANTS = 250;

/** An option or value title as matched: accents and case ignored ("Szín" = "szin"), ends trimmed. */
export function foldOptionTitle(title: string): string {
  return title.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Whether an option is a colour (Szín): its values get swatches in the admin and on the product page. */
export function isColourOption(title: string): boolean {
  return /^(szin|szinek|color|colour)$/.test(foldOptionTitle(title));
}

/** "#1d4ed8": a colour value's swatch. */
export const ZSwatch = z
  .string({ error: 'A színminta #rrggbb alakú színkód.' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'A színminta #rrggbb alakú színkód (pl. #1d4ed8).' })
  .transform((value) => value.toLowerCase());

export const ZProductOptionValue = z.object({
  id: readOnly(
    z.number().int().meta({ description: 'A tulajdonságérték azonosítója (szűrőként is ez szerepel).' }),
  ),
  title: z.string().meta({ description: 'Az érték magyar neve (pl. "kék", "M").' }),
  swatch: z.string().nullable().meta({
    description: 'Színminta (#rrggbb) a színválasztóhoz; null, ha az érték szövegként jelenik meg.',
  }),
});
export type TProductOptionValue = z.infer<typeof ZProductOptionValue>;

export const ZProductOption = z
  .object({
    propertyId: readOnly(
      z.number().int().meta({
        description:
          'A tulajdonság azonosítója: a változat-opciók tulajdonságok, értékeik szűrőként is működnek.',
      }),
    ),
    title: z.string().meta({ description: 'Az opció neve (pl. "Méret", "Szín").' }),
    values: z.array(ZProductOptionValue).meta({ description: 'Az opció értékei sorrendben.' }),
  })
  .meta({ id: 'ProductOption', description: 'A termék egy opciója (pl. Méret) a választható értékeivel.' });
export type TProductOption = z.infer<typeof ZProductOption>;

export const ZProductVariant = z
  .object({
    id: z.number().int().meta({
      description: 'A változat azonosítója: a kosártétel `variant` mezője ezt várja.',
    }),
    kutiId: z.string().nullable().meta({
      description: 'A változat saját termékkódja, egyedi a termékek és változatok között; null, ha nincs.',
    }),
    ean: z.string().nullable().meta({ description: 'EAN/GTIN vonalkód; null, ha nincs.' }),
    title: readOnly(
      z.string().meta({ description: 'A változat az opcióértékeivel, opciósorrendben (pl. "kék, M").' }),
    ),
    valueIds: readOnly(
      z
        .array(z.number().int())
        .meta({ description: 'Az opcióértékek azonosítói, a termék opcióinak sorrendjében.' }),
    ),
    price: readOnly(
      z.number().int().meta({ description: 'Egy darab bruttó ára egész forintban a hívónak.' }),
    ),
    originalPrice: readOnly(
      z.number().int().nullable().meta({
        description:
          'A bruttó listaár forintban, ha a `price` ennél kisebb (áthúzva mutatandó); különben null.',
      }),
    ),
    lowestPrice30d: readOnly(
      z.number().int().nullable().meta({
        description:
          'Ha a `price` kisebb a listaáránál: az utolsó 30 nap legalacsonyabb ára, amelyhez képest a csökkentés értendő (saját listaárú változatnál a sajátja, különben a terméké); különben null.',
      }),
    ),
    inStock: readOnly(z.boolean().meta({ description: 'Van-e belőle készleten.' })),
    stock: z.number().int().meta({ description: 'Készlet darabban.' }),
    weightGrams: z.number().int().nullable().meta({ description: 'Tömeg grammban; null: a termékéé.' }),
    imageId: readOnly(
      z.number().int().nullable().meta({
        description: 'A változat képe (a termék egyik képének azonosítója); null: a termék első képe.',
      }),
    ),
    enabled: z.boolean().meta({ description: 'Árusítja-e a bolt (a letiltott változat nem választható).' }),
    priceBands: readOnly(
      z.array(ZPriceBand).meta({
        description:
          'A változat mennyiségi árai a hívónak (mint a termék `priceBands` mezője); egy sáv, ha nincs mennyiségi ára.',
      }),
    ),
  })
  .meta({ id: 'ProductVariant', description: 'Egy termék egy megvásárolható változata (pl. kék, M).' });
export type TProductVariant = z.infer<typeof ZProductVariant>;

/** What only an admin sees of a variant: the stored price behind the caller's price. */
export const ZProductVariantAdmin = z.object({
  id: z.number().int(),
  grossPrice: z.number().int().nullable().meta({
    description: 'A változat saját bruttó listaára; null: a termék ára.',
  }),
  salePrice: z.number().int().nullable().meta({
    description:
      'A változat saját akciós ára; null: saját listaár nélkül a termék akciója érvényes, saját listaárral nincs akció.',
  }),
  saleStartsAt: z
    .string()
    .nullable()
    .meta({ description: 'Az akció kezdete (UTC, ISO 8601); null: nyitott.' }),
  saleEndsAt: z.string().nullable().meta({ description: 'Az akció vége (UTC, ISO 8601); null: nyitott.' }),
  tiers: z.array(ZPriceTier).meta({
    description:
      'A változat saját mennyiségi árai; üres: saját ár nélkül a termékéi érvényesek, saját árral nincs mennyiségi ára.',
  }),
  groupPrices: z
    .array(
      z.object({
        groupId: z.number().int().meta({ description: 'A vásárlói csoport azonosítója.' }),
        groupName: z.string(),
        price: z.number().int().meta({ description: 'A csoport bruttó darabára forintban.' }),
      }),
    )
    .meta({
      description:
        'A változat saját csoportárai; a többi csoport saját ár nélkül a termék csoportárát, saját árral a csoport kedvezményét kapja.',
    }),
});

const ZCode = z.string().trim().max(100, { error: 'A termékkód legfeljebb 100 karakter.' });
const ZValueTitle = z
  .string({ error: 'Az opció értéke szöveg.' })
  .trim()
  .min(1, { error: 'Az opció értéke nem lehet üres.' })
  .max(100, { error: 'Az opció értéke legfeljebb 100 karakter.' });

/** What a GET answers of a variant that its save does not set (the caller's price, the derived title, …). */
const VARIANT_READ_ONLY = [
  'title',
  'valueIds',
  'price',
  'originalPrice',
  'lowestPrice30d',
  'inStock',
  'imageId',
  'priceBands',
] as const;

/**
 * PUT /api/product/{product}/variants: a product's options and variants as a whole (what is not listed
 * is removed). Options are named by title ("Méret"): an existing property of that name is used, or one
 * is created; values likewise. Variants name their values by title, one per option, in option order.
 */
export const ZProductVariantsInput = z.strictObject({
  product: ZId,
  options: matchItemsBy(
    z
      .array(
        z.strictObject({
          ...readOnlyFieldsOf(ZProductOption, ['propertyId']),
          title: z
            .string({ error: 'Az opció neve kötelező.' })
            .trim()
            .min(1, { error: 'Az opció neve kötelező.' })
            .max(60, { error: 'Az opció neve legfeljebb 60 karakter.' }),
          values: matchItemsBy(
            z
              .array(
                z.strictObject({
                  title: ZValueTitle,
                  swatch: ZSwatch.nullish(),
                  ...readOnlyFieldsOf(ZProductOptionValue, ['id']),
                }),
              )
              .min(1, { error: 'Egy opciónak legalább egy értéke legyen.' })
              .max(MAX_OPTION_VALUES, {
                error: `Egy opciónak legfeljebb ${MAX_OPTION_VALUES} értéke lehet.`,
              }),
            'title',
          ),
        }),
      )
      .max(MAX_PRODUCT_OPTIONS, { error: `Egy terméknek legfeljebb ${MAX_PRODUCT_OPTIONS} opciója lehet.` }),
    'title',
  ),
  variants: matchItemsBy(
    z
      .array(
        z.strictObject({
          /** An existing variant of this product keeps its id (and its cart lines and order history). */
          id: ZId.optional(),
          /** Left out for an existing variant (as a GET answers it): its values stay. */
          values: z.array(ZValueTitle).max(MAX_PRODUCT_OPTIONS).optional(),
          kutiId: ZCode.nullish(),
          ean: z
            .string()
            .trim()
            .regex(/^(\d{8}|\d{12,14})$/, { error: 'Az EAN/GTIN 8, 12, 13 vagy 14 számjegy.' })
            .nullish(),
          stock: zWholeNumber('A készlet').optional(),
          grossPrice: ZForint.nullish(),
          /** The variant's own scheduled sale (services/catalogue/variants.ts); given, all three replace the stored ones. */
          salePrice: ZSalePrice,
          saleStartsAt: ZWindowEdge,
          saleEndsAt: ZWindowEdge,
          weightGrams: zWholeNumber('A tömeg (gramm)').nullish(),
          mediaId: ZId.nullish(),
          enabled: z.boolean().optional(),
          /** The variant's own quantity tiers; left out keeps the stored ones, [] removes them. */
          tiers: z
            .array(ZPriceTierInput)
            .max(MAX_PRICE_TIERS, {
              error: `Egy változatnak legfeljebb ${MAX_PRICE_TIERS} mennyiségi ára lehet.`,
            })
            .optional(),
          /** The variant's own fixed group prices; left out keeps the stored ones, [] removes them. */
          groupPrices: z
            .array(ZGroupPriceInput)
            .max(100, { error: 'Egy változatnak legfeljebb 100 csoportára lehet.' })
            .optional(),
          ...readOnlyFieldsOf(ZProductVariant, VARIANT_READ_ONLY),
        }),
      )
      .max(MAX_PRODUCT_VARIANTS, {
        error: `Egy terméknek legfeljebb ${MAX_PRODUCT_VARIANTS} változata lehet.`,
      }),
    'id',
  ),
});
type TProductVariantsParsed = z.infer<typeof ZProductVariantsInput>;
type TOptionParsed = TProductVariantsParsed['options'][number];
type TVariantParsed = TProductVariantsParsed['variants'][number];
/**
 * A save as the service takes it: without the read-only fields a GET answers, every variant naming its
 * values by title (the router fills them in for an existing variant sent back without them).
 */
export type TProductVariantsInput = {
  product: number;
  options: (Omit<TOptionParsed, 'propertyId' | 'values'> & {
    values: Omit<TOptionParsed['values'][number], 'id'>[];
  })[];
  variants: (Omit<TVariantParsed, (typeof VARIANT_READ_ONLY)[number] | 'values'> & { values: string[] })[];
};

export const ZVariantId = ZId.meta({
  description:
    'A változat azonosítója (a termék `variants` listájából); változatok nélküli terméknél elhagyandó.',
});
