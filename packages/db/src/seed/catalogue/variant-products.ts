import type { Prisma } from '../../generated/prisma/client';
import { idOf, type Palette, productImage, type Shape, storeImages } from '../images';
import type { SeedContext } from '../seed-context';
import { daysAgo, metaDescriptionOf, slugify } from '../text';
import type { PropertyCode } from './products';

/**
 * The demo products sold in variants, so `npm start` shows every part of them: option pickers with
 * colour swatches and size buttons, a sold-out combination, a variant with its own price, a picture
 * per colour and "4 színben" on the card. Written out by hand rather than drawn at random: the
 * product page and its end-to-end test rely on exactly these combinations.
 */

type Colour = { title: string; swatch: string; palette: Palette };

const COLOURS = {
  kék: {
    title: 'kék',
    swatch: '#1f5fa8',
    palette: { background: '#dbe9f6', body: '#1f5fa8', accent: '#ffffff' },
  },
  fehér: {
    title: 'fehér',
    swatch: '#f4f4f2',
    palette: { background: '#e6e6e6', body: '#fafaf8', accent: '#9aa0a6' },
  },
  piros: {
    title: 'piros',
    swatch: '#c2362e',
    palette: { background: '#fbe3d6', body: '#c2362e', accent: '#fff4e8' },
  },
  zöld: {
    title: 'zöld',
    swatch: '#3d7a3a',
    palette: { background: '#e3f1e0', body: '#3d7a3a', accent: '#f6fff2' },
  },
  sárga: {
    title: 'sárga',
    swatch: '#e0a800',
    palette: { background: '#fdf1c7', body: '#e0a800', accent: '#fffdf2' },
  },
} as const satisfies Record<string, Colour>;

type VariantSeed = {
  /** One value title per option, in option order. */
  values: readonly string[];
  kutiId: string;
  stock: number;
  /** Null: the product's price. */
  grossPrice: number | null;
  weightGrams: number | null;
  /** Quantity tiers of its own (a variant with its own price has none otherwise). */
  tiers?: readonly { minQuantity: number; grossPrice: number }[];
};

export type VariantProductSeed = {
  title: string;
  kutiId: string;
  category: string;
  grossPrice: number;
  weightGrams: number;
  shape: Shape;
  body: string;
  options: readonly { code: PropertyCode; values: readonly string[] }[];
  /** The colours in picture order: each colour's variants show its own picture. */
  colours: readonly Colour[];
  variants: readonly VariantSeed[];
};

const SIZES = ['S', 'M', 'L', 'XL'] as const;
const SHIRT_COLOURS = [COLOURS.kék, COLOURS.fehér, COLOURS.piros] as const;
const MUG_COLOURS = [COLOURS.kék, COLOURS.zöld, COLOURS.sárga, COLOURS.piros] as const;

/** Stock per combination; "kék, XL" is sold out, so the page shows a crossed-out size. */
const SHIRT_STOCK: Record<string, number> = {
  'kék:S': 6,
  'kék:M': 12,
  'kék:L': 8,
  'kék:XL': 0,
  'fehér:S': 4,
  'fehér:M': 9,
  'fehér:L': 7,
  'fehér:XL': 3,
  'piros:S': 5,
  'piros:M': 2,
  'piros:L': 6,
  'piros:XL': 4,
};

const CODE_LETTERS: Record<string, string> = {
  kék: 'KEK',
  fehér: 'FEH',
  piros: 'PIR',
  zöld: 'ZOL',
  sárga: 'SAR',
};

export const VARIANT_PRODUCTS: readonly VariantProductSeed[] = [
  {
    title: 'Póló',
    kutiId: 'KT-POLO',
    category: 'szemelyre-szabhato-ajandekok',
    grossPrice: 5990,
    weightGrams: 180,
    shape: 'tshirt',
    body:
      '<p>Puha, 100% pamut unisex póló kerek nyakkal, a bolt logójával. Negyven fokon mosható, nem megy össze.</p>' +
      '<ul><li>Anyag: pamut</li><li>Méretek: S, M, L, XL</li></ul>',
    options: [
      { code: 'szin', values: SHIRT_COLOURS.map((colour) => colour.title) },
      { code: 'meret', values: SIZES },
    ],
    colours: SHIRT_COLOURS,
    variants: SHIRT_COLOURS.flatMap((colour) =>
      SIZES.map((size) => ({
        values: [colour.title, size],
        kutiId: `KT-POLO-${CODE_LETTERS[colour.title]}-${size}`,
        stock: SHIRT_STOCK[`${colour.title}:${size}`] ?? 0,
        // The largest size takes more cloth and costs more, except for a team buying five or more.
        grossPrice: size === 'XL' ? 6490 : null,
        weightGrams: size === 'XL' ? 210 : null,
        tiers: size === 'XL' ? [{ minQuantity: 5, grossPrice: 5990 }] : [],
      })),
    ),
  },
  {
    title: 'Színes zománcbögre',
    kutiId: 'KT-ZOMANCBOGRE',
    category: 'keramia-bogrek',
    grossPrice: 3490,
    weightGrams: 320,
    shape: 'mug',
    body:
      '<p>Fényes zománccal bevont, 3,5 dl-es kerámia bögre négy vidám színben. Mosogatógépben és mikrohullámú sütőben is használható.</p>' +
      '<ul><li>Anyag: kerámia</li><li>Űrtartalom: 3,5 dl</li></ul>',
    options: [{ code: 'szin', values: MUG_COLOURS.map((colour) => colour.title) }],
    colours: MUG_COLOURS,
    variants: MUG_COLOURS.map((colour, index) => ({
      values: [colour.title],
      kutiId: `KT-ZOMANCBOGRE-${CODE_LETTERS[colour.title]}`,
      stock: 10 + index * 5,
      grossPrice: null,
      weightGrams: null,
    })),
  },
];

/** A valid EAN-13 in the Hungarian 599 range, numbered from the variant's place: its check digit computed. */
export function demoEan(serial: number): string {
  const body = `5990000${String(serial).padStart(5, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const pictureName = (product: VariantProductSeed, colour: Colour) =>
  `${slugify(product.title)}-${slugify(colour.title)}.svg`;

/**
 * Adds the products sold in variants, with the option values they need (sizes S–XL join the
 * Méret property) and the colours' swatches. `valueIds` is the map of property values made so far.
 */
export async function seedVariantProducts(
  tx: Prisma.TransactionClient,
  ctx: SeedContext,
  ids: { categoryIds: Map<string, number>; valueIds: Map<string, number> },
): Promise<number> {
  const properties = await tx.property.findMany({ select: { id: true, code: true } });
  const propertyIds = new Map(properties.flatMap((p) => (p.code ? [[p.code, p.id] as const] : [])));
  await ensureValues(tx, ids.valueIds, propertyIds);

  const imageIds = await storeImages(
    tx,
    VARIANT_PRODUCTS.flatMap((product) =>
      product.colours.map((colour) =>
        productImage({
          fileName: pictureName(product, colour),
          label: `${product.title}, ${colour.title}`,
          shape: product.shape,
          palette: colour.palette,
        }),
      ),
    ),
  );

  let serial = 1;
  for (const seed of VARIANT_PRODUCTS) {
    const createdAt = daysAgo(ctx.now, 60);
    const product = await tx.product.create({
      data: {
        slug: slugify(seed.title),
        kutiId: seed.kutiId,
        grossPrice: seed.grossPrice,
        lowestPrice30d: seed.grossPrice,
        vatClass: '27',
        // Kept as the sum of the enabled variants' stock (schema.prisma, ProductVariant).
        stock: seed.variants.reduce((sum, variant) => sum + variant.stock, 0),
        unit: 'db',
        weightGrams: seed.weightGrams,
        createdAt,
        descriptions: {
          create: {
            language: 'hu',
            title: seed.title,
            body: seed.body,
            metaTitle: seed.title,
            metaDescription: metaDescriptionOf(
              `${seed.title} több színben – ${seed.body.replace(/<[^>]+>/g, ' ')}`,
            ),
          },
        },
        categories: { create: { categoryId: idOf(ids.categoryIds, seed.category), primary: true } },
        images: {
          create: seed.colours.map((colour, position) => ({
            mediaId: idOf(imageIds, pictureName(seed, colour)),
            position,
          })),
        },
        priceHistory: { create: { grossPrice: seed.grossPrice, validFrom: createdAt } },
        options: {
          create: seed.options.map((option, position) => ({
            propertyId: idOf(propertyIds, option.code),
            position,
          })),
        },
      },
      select: { id: true },
    });
    for (const [position, variant] of seed.variants.entries()) {
      const colour = seed.colours.find((entry) => variant.values.includes(entry.title));
      await tx.productVariant.create({
        data: {
          productId: product.id,
          kutiId: variant.kutiId,
          ean: demoEan(serial++),
          stock: variant.stock,
          grossPrice: variant.grossPrice,
          weightGrams: variant.weightGrams,
          mediaId: colour ? idOf(imageIds, pictureName(seed, colour)) : null,
          position,
          values: {
            create: variant.values.map((value, index) => ({
              propertyValueId: idOf(ids.valueIds, `${seed.options[index]!.code}:${value}`),
            })),
          },
          priceTiers: { create: [...(variant.tiers ?? [])] },
        },
      });
    }
  }
  return VARIANT_PRODUCTS.length;
}

/** Creates the option values the catalogue has not got yet (after its own) and sets the colours' swatches. */
async function ensureValues(
  tx: Prisma.TransactionClient,
  valueIds: Map<string, number>,
  propertyIds: ReadonlyMap<string, number>,
): Promise<void> {
  for (const option of VARIANT_PRODUCTS.flatMap((product) => product.options)) {
    const propertyId = idOf(propertyIds, option.code);
    for (const value of option.values) {
      const key = `${option.code}:${value}`;
      if (valueIds.has(key)) continue;
      const last = await tx.propertyValue.aggregate({ where: { propertyId }, _max: { position: true } });
      const created = await tx.propertyValue.create({
        data: {
          propertyId,
          position: (last._max.position ?? -1) + 1,
          descriptions: { create: { language: 'hu', title: value } },
        },
        select: { id: true },
      });
      valueIds.set(key, created.id);
    }
  }
  for (const colour of Object.values(COLOURS)) {
    const id = valueIds.get(`szin:${colour.title}`);
    if (id !== undefined) await tx.propertyValue.update({ where: { id }, data: { swatch: colour.swatch } });
  }
}
