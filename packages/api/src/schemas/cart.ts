import { z } from 'zod';
import { ZId } from './common';
import { MAX_LINE_QUANTITY } from './limits';
import { ZPickupCarrier } from './pickup-point';
import { ZCouponCode, ZCouponState, ZDiscount } from './promotion-discount';
import { ZUnitPrice } from './unit-price';
import { ZVariantId } from './variant';
import { ZVatClass } from './vat';

/** How many distinct products one cart may hold. */
export const MAX_CART_LINES = 200;
// It lives beside the other limits so the tier schemas (price-tier.ts) need not import the cart's.
export { MAX_LINE_QUANTITY } from './limits';

const quantityError = { error: `A mennyiség 0 és ${MAX_LINE_QUANTITY} közötti egész szám.` };
export const ZCartQuantity = z
  .number(quantityError)
  .int(quantityError)
  .min(0, quantityError)
  .max(MAX_LINE_QUANTITY, quantityError);

/**
 * A cart line as the specification names it: the product's id and the quantity, and for a product sold in
 * variants the variant's id beside it (an integrator that knows no variants still orders simple products).
 */
export const ZCartLineInput = z.strictObject({
  product: ZId,
  variant: ZVariantId.optional(),
  quantity: ZCartQuantity,
});
export type TCartLineInput = z.infer<typeof ZCartLineInput>;

export const ZCartLinesInput = z
  .array(ZCartLineInput, { error: 'A kosár tételek listája.' })
  .max(MAX_CART_LINES, { error: `A kosárban legfeljebb ${MAX_CART_LINES} különböző termék lehet.` });

/**
 * POST /api/cart/add. `{product, quantity}` adds the quantity to the line (a new line when the product
 * is not in the cart yet); quantity 0 removes the line, as the specification asks. `replace: true` (beyond
 * the spec) sets the line to exactly that quantity, for the cart page's quantity field. An empty body only
 * lists.
 */
export const ZCartAddInput = z
  .strictObject({
    product: ZId.optional(),
    variant: ZVariantId.optional(),
    quantity: ZCartQuantity.optional(),
    replace: z.boolean({ error: 'A replace igen/nem érték.' }).optional(),
  })
  .default({});
export type TCartAddInput = z.infer<typeof ZCartAddInput>;

/** POST /api/cart/price (beyond the spec): prices a guest's browser cart the way the server cart is priced. */
export const ZCartPriceInput = z.strictObject({ cart: ZCartLinesInput, couponCode: ZCouponCode.optional() });
export type TCartPriceInput = z.infer<typeof ZCartPriceInput>;

/**
 * POST /api/cart/coupon (beyond the spec): checks a code against a cart without ordering. A guest sends
 * the cart; a signed-in customer's server cart counts.
 */
export const ZCartCouponInput = z.strictObject({
  couponCode: ZCouponCode,
  cart: ZCartLinesInput.optional(),
});
export type TCartCouponInput = z.infer<typeof ZCartCouponInput>;

export const CART_LINE_STATES = ['available', 'insufficient_stock', 'out_of_stock', 'unavailable'] as const;
export const ZCartLineState = z.enum(CART_LINE_STATES);
export type TCartLineState = z.infer<typeof ZCartLineState>;

export const ZCartLine = z
  .object({
    product: z.number().int().meta({ description: 'A termék azonosítója.' }),
    variant: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'A változat azonosítója; null, ha a termék egyféle.' }),
    quantity: z.number().int().meta({ description: 'Mennyiség darabban.' }),
    title: z.string().meta({
      description: 'A termék magyar neve, változatnál az opcióértékekkel (pl. "Póló, kék, M").',
    }),
    slug: z.string().nullable().meta({
      description: 'A termék URL-neve (a termékoldal `/{slug}`); null, ha a termék már nem létezik.',
    }),
    image: z.string().nullable().meta({ description: 'A bélyegkép címe; null, ha nincs.' }),
    kutiId: z.string().nullable().meta({
      description: 'A termék (változatnál a változat) külső kódja (kutiId), egyedi; null, ha nincs.',
    }),
    unit: z.string().meta({ description: 'Mennyiségi egység (pl. db).' }),
    unitPrice: z.number().int().meta({
      description:
        'Egy darab bruttó ára egész forintban ennél a mennyiségnél, a hívó mennyiségi, csoport- és saját áraival.',
    }),
    lineTotal: z
      .number()
      .int()
      .meta({ description: 'unitPrice × quantity, bruttó forintban, kedvezmény nélkül.' }),
    discount: z.number().int().meta({
      description:
        'Az akciók és a kupon kedvezményéből erre a tételre eső rész forintban (a tételek bruttó értékének arányában, legnagyobb maradék szerint kerekítve); a tételért fizetendő lineTotal − discount.',
    }),
    gift: z.boolean().meta({
      description:
        'Igaz: egy ajándék-akció ingyenes darabja (a kedvezménye a teljes ára). A kosár nem tárolja: a bolt teszi hozzá, amíg a kosár megfelel; mennyisége nem változtatható, nem törölhető.',
    }),
    measureUnitPrice: ZUnitPrice.nullable().meta({
      description:
        'Egységár (Ft/kg, Ft/l, Ft/m, Ft/m²) a darabár (`unitPrice`) és a termék nettó mennyisége alapján; null, ha darabra kelő.',
    }),
    vatRate: z.number().int().meta({
      description: 'ÁFA-kulcs százalékban (27, 18, 5; 0 a tárgyi és alanyi adómentes tételnél).',
    }),
    vatClass: ZVatClass.meta({
      description:
        'A tétel ÁFA-osztálya: "27", "18", "5", "TAM" (tárgyi adómentes) vagy "AAM" (alanyi adómentes bolt: minden tétel AAM).',
    }),
    stock: z.number().int().meta({ description: 'Készlet darabban.' }),
    /** Such lines stay in the cart but cannot be ordered as they are. */
    state: ZCartLineState.meta({
      description:
        'available: rendelhető; insufficient_stock: kevesebb van készleten, mint amennyit kér; out_of_stock: elfogyott; unavailable: a terméket letiltották vagy törölték.',
    }),
    message: z
      .string()
      .nullable()
      .meta({ description: 'Az állapot egy mondatban a vásárlónak; null, ha a tétel rendben van.' }),
    quoteLineId: z.number().int().nullable().meta({
      description:
        'Az árajánlat tétele, amelynek az árán a tétel szerepel (unitPrice az ajánlott ár); null, ha a bolt ára számít.',
    }),
  })
  .meta({ id: 'CartLine', description: 'A kosár egy tétele a termék aktuális adataival és árával.' });
export type TCartLine = z.infer<typeof ZCartLine>;

export const ZCart = z
  .object({
    lines: z.array(ZCartLine).meta({ description: 'A kosár tételei.' }),
    itemCount: z
      .number()
      .int()
      .meta({ description: 'A kosárba tett darabok száma (az ajándék tétel nélkül).' }),
    subtotal: z.number().int().meta({
      description:
        'A rendelhető tételek bruttó összege egész forintban, kedvezmény nélkül (az akciók minimumai ehhez mérnek).',
    }),
    itemsTotal: z.number().int().meta({
      description:
        'A rendelhető tételekért fizetendő bruttó összeg: subtotal a tételek kedvezményeivel csökkentve.',
    }),
    discounts: z.array(ZDiscount).meta({ description: 'Az érvényes akciók és a kupon kedvezményei.' }),
    discountTotal: z.number().int().meta({
      description: 'A kedvezmények összege forintban, az elengedett szállítási díjjal együtt.',
    }),
    freeShipping: z.boolean().meta({
      description:
        'Igaz, ha egy akció vagy a kupon elengedi a szállítási díjat, bármelyik szállítási módnál.',
    }),
    coupon: ZCouponState.nullable().meta({
      description: 'A megadott kuponkód sorsa; null, ha nem adtak meg kódot.',
    }),
    hints: z.array(z.string()).meta({
      description:
        'Automatikus akciók, amelyekhez még kevés a kosár értéke ("Még 3 010 Ft, és 10 % kedvezmény jár").',
    }),
    vatContent: z
      .number()
      .int()
      .meta({ description: 'A fizetendő tételösszegben (itemsTotal) foglalt ÁFA forintban.' }),
    /** The shipping estimate (services/checkout/shipping-estimate.ts); null when no method delivers. */
    shipping: z
      .object({
        methodId: z.number().int().meta({
          description: 'A becslés szállítási módjának azonosítója; a pénztár ezt a módot választja elsőre.',
        }),
        name: z.string().meta({ description: 'A becslés szállítási módjának neve.' }),
        pickupCarrier: ZPickupCarrier.nullable().meta({
          description:
            'Csomagpontra szállító módnál a szállító: a pontot a vásárló a pénztárban választja; null, ha a mód címre szállít.',
        }),
        fee: z.number().int().meta({
          description: 'A szállítás bruttó díja egész forintban; 0, ha egy akció elengedi (lásd discounts).',
        }),
        freeAbove: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'E bruttó összeg (forint) felett ingyenes; null, ha nincs ilyen határ.' }),
        remainingForFree: z.number().int().nullable().meta({
          description:
            'Ennyivel (forint) többet kell vásárolni az ingyenes szállításhoz; null, ha nincs határ, 0, ha elérte.',
        }),
      })
      .nullable()
      .meta({
        description:
          'A becsült szállítás: a házhoz vagy csomagpontra szállító engedélyezett módok (személyes átvétel nélkül) közül a részösszeg mellett legolcsóbb, egyenlőségnél a sorrendben előbbi; ugyanez a szabály adja a termékoldal szállítási díját és a pénztárban elsőre választott módot. null, ha nincs ilyen mód.',
      }),
    orderable: z.boolean().meta({ description: 'Igaz, ha minden tétel így, ahogy van, megrendelhető.' }),
  })
  .meta({
    id: 'Cart',
    description: 'A kosár: tételek, összegek és a figyelmeztetések (elfogyott, megváltozott ár).',
  });
export type TCart = z.infer<typeof ZCart>;
