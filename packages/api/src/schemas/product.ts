import { z } from 'zod';
import { ZWindowEdge } from './banner';
import { pageOf, ZForint, ZId, ZQuantity, ZSalePrice, ZSlug, zWholeNumber } from './common';
import { ZDescription, ZDescriptionId, ZLanguage } from './description';
import { ZGtinInput } from './gtin';
import {
  MAX_PRICE_TIERS,
  specialPriceFields,
  specialPriceInputFields,
  ZPriceBand,
  ZPriceTier,
  ZPriceTierInput,
} from './price-tier';
import { matchItemsBy, readOnly, readOnlyFieldsOf, readOnlyInput } from './read-only';
import { NET_QUANTITY_UNITS, ZNetQuantity, ZNetQuantityUnit, ZUnitPrice } from './unit-price';
import { ZProductOption, ZProductVariant, ZProductVariantAdmin, ZVariantId } from './variant';
import { ZVatClass } from './vat';

/** The pretty URL of a product: `${slug}-${id}` (spec: a slug ending in digits). */
export function productPrettySlug(slug: string, id: number): string {
  return `${slug}-${id}`;
}

/**
 * The name part of a slug sent to update product `id`: the pretty URL a GET answered ("kek-bogre-12")
 * loses its id, so a product written back unchanged keeps its URL instead of growing "-12-12".
 */
export function productNameSlug(slug: string, id: number): string {
  const suffix = `-${id}`;
  return slug.endsWith(suffix) && slug.length > suffix.length ? slug.slice(0, -suffix.length) : slug;
}

/** The id at the end of a pretty slug ("kek-bogre-123" → 123), or null. */
export function productIdFromSlug(slug: string): number | null {
  const match = /(?:^|-)(\d{1,9})$/.exec(slug.trim().replace(/\/+$/, ''));
  return match ? Number(match[1]) : null;
}

/** Where the shop serves a stored image in a layout size (the server's `/media/{id}/{variant}` route). */
export const MEDIA_VARIANTS = ['thumb', 'card', 'full', 'original'] as const;
export type TMediaVariantName = (typeof MEDIA_VARIANTS)[number];
export function mediaUrl(mediaId: number, variant: TMediaVariantName): string {
  return `/media/${mediaId}/${variant}`;
}

/** A product as lists show it; prices are gross forints for the caller (guest, group or customer). */
export const ZProductCard = z
  .object({
    id: z.number().int(),
    slug: z.string().meta({
      description:
        'A termék URL-neve, a végén az azonosítójával (pl. fules-bogre-12): a termékoldal címe `/{slug}`.',
    }),
    title: readOnly(z.string().meta({ description: 'A termék magyar neve.' })),
    kutiId: z
      .string()
      .nullable()
      .meta({ description: 'A termék külső kódja (kutiId), egyedi; null, ha nincs.' }),
    price: z.number().int().meta({
      description: 'Egy darab bruttó ára egész forintban a hívónak (vendég, csoport vagy vásárló szerint).',
    }),
    originalPrice: readOnly(
      z.number().int().nullable().meta({
        description:
          'A bruttó listaár forintban, ha a `price` ennél kisebb (áthúzva mutatandó); különben null.',
      }),
    ),
    lowestPrice30d: readOnly(
      z.number().int().nullable().meta({
        description:
          'Az utolsó 30 nap legalacsonyabb bruttó listaára forintban; minden akciós ár mellett fel kell tüntetni.',
      }),
    ),
    image: readOnly(
      z
        .string()
        .nullable()
        .meta({ description: 'A kártyaméretű kép címe; null, ha a terméknek nincs képe.' }),
    ),
    inStock: readOnly(z.boolean().meta({ description: 'Van-e készleten legalább egy darab.' })),
    stock: z.number().int().nullable().meta({
      description:
        'Készlet darabban adminisztrátornak és `catalogue:read` jogú API-kulcsnak; a vásárlóknak null (nekik az `inStock` szól).',
    }),
    vatRate: z.number().int().meta({
      description:
        'ÁFA-kulcs százalékban: 27, 18, 5, vagy 0 a tárgyi és alanyi adómentes termékeknél (a `vatClass`-ból következik).',
    }),
    vatClass: ZVatClass.meta({
      description:
        'Az ÁFA-osztály, amellyel a termék eladásra kerül: "27", "18", "5", "TAM" (tárgyi adómentes) vagy "AAM" (alanyi adómentes bolt: ekkor minden termék AAM; a termék saját beállítása az `admin.vatClass`).',
    }),
    unit: z.string().meta({ description: 'Mennyiségi egység (pl. db, csomag).' }),
    unitPrice: readOnly(
      ZUnitPrice.nullable().meta({
        description:
          'Egységár (Ft/kg, Ft/l, Ft/m, Ft/m²) a `price` és a nettó mennyiség alapján; null, ha a termék darabra kelő.',
      }),
    ),
    enabled: z
      .boolean()
      .meta({ description: 'Engedélyezett-e: a letiltott terméket a vásárlók nem látják.' }),
    featured: z.boolean().meta({ description: 'Kiemelt termék (a kezdőlap kiemelt listájában szerepel).' }),
    variantSummary: readOnly(
      z.string().nullable().meta({
        description:
          'Változatos terméknél a választék egy szóban (pl. "4 színben", "5 méretben", "6 változatban"); null, ha a termék egyféle.',
      }),
    ),
    rating: readOnly(
      z
        .object({
          average: z
            .number()
            .meta({ description: 'A jóváhagyott értékelések átlaga, egy tizedesre kerekítve (1–5).' }),
          count: z.number().int().meta({ description: 'A jóváhagyott értékelések száma.' }),
        })
        .nullable()
        .meta({
          description:
            'A termék értékelése a listákban mutatott csillagokhoz; null, ha még nincs jóváhagyott értékelése.',
        }),
    ),
  })
  .meta({ id: 'ProductCard', description: 'Egy termék a listákban: név, kép, ár, készlet.' });
export type TProductCard = z.infer<typeof ZProductCard>;

export const ZProductImage = z
  .object({
    id: z.number().int(),
    alt: z.string().nullable().meta({ description: 'A kép helyettesítő szövege.' }),
    thumb: z.string().meta({ description: 'A bélyegkép címe.' }),
    card: z.string().meta({ description: 'A kártyaméretű kép címe.' }),
    full: z.string().meta({ description: 'A nagy kép címe.' }),
  })
  .meta({ id: 'ProductImage', description: 'A termék egy képe.' });

export const ZProductPropertyGroup = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  values: z.array(z.object({ id: z.number().int(), title: z.string() })),
});

export const ZBreadcrumb = z.object({
  id: z.number().int(),
  title: z.string(),
  urlPath: z.string(),
});

export const ZProductDescription = ZDescription.extend({
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
});

/** What only an admin sees of a product: the stored prices behind what shoppers see. */
export const ZProductAdminData = z.object({
  price: z.number().int().meta({
    description:
      'A tárolt bruttó listaár egész forintban (ezt állítja a POST /api/product/update `price` mezője).',
  }),
  salePrice: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Az ütemezett akciós ár bruttó forintban; null: nincs akció.' }),
  saleStartsAt: z
    .string()
    .nullable()
    .meta({ description: 'Az akció kezdete (UTC, ISO 8601); null: nyitott.' }),
  saleEndsAt: z
    .string()
    .nullable()
    .meta({ description: 'Az akció vége, már nem akciós pillanat (UTC, ISO 8601); null: nyitott.' }),
  vatClass: ZVatClass.meta({
    description:
      'A termék saját ÁFA-osztálya (ezt állítja az update `vatClass` mezője); alanyi adómentes boltban a tételek ettől függetlenül AAM-osak.',
  }),
  tiers: z.array(ZPriceTier).meta({ description: 'Mennyiségi árak.' }),
  groupPrices: z
    .array(
      z.object({
        groupId: z.number().int().meta({ description: 'A vásárlói csoport azonosítója.' }),
        groupName: z.string(),
        ...specialPriceFields('A csoport bruttó darabára forintban; null: a listaár érvényes.'),
        hidden: z.boolean().meta({ description: 'Igaz, ha a termék a csoport tagjai elől rejtett.' }),
      }),
    )
    .meta({ description: 'Vásárlói csoportok saját árai.' }),
  customerPrices: z
    .array(
      z.object({
        userId: z.number().int().meta({ description: 'A vásárló (felhasználó) azonosítója.' }),
        email: z.string(),
        name: z.string(),
        ...specialPriceFields('A vásárló bruttó darabára forintban; null: a listaár érvényes.'),
        hidden: z.boolean().meta({ description: 'Igaz, ha a termék a vásárló elől rejtett.' }),
      }),
    )
    .meta({ description: 'Egyes vásárlók saját árai.' }),
  priceHistory: z
    .array(
      z.object({
        price: z.number().int().meta({ description: 'Bruttó listaár egész forintban.' }),
        validFrom: z.string().meta({ description: 'Ettől az időponttól volt érvényes (UTC, ISO 8601).' }),
      }),
    )
    .meta({ description: 'A listaár változásai (a 30 napos legalacsonyabb árhoz).' }),
  categoryIds: z.array(z.number().int()).meta({ description: 'A termék kategóriáinak azonosítói.' }),
  primaryCategoryId: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'A fő kategória azonosítója (ebből lesz a morzsamenü).' }),
  propertyValueIds: z
    .array(z.number().int())
    .meta({ description: 'A termék tulajdonságértékeinek azonosítói.' }),
  ean: z.string().nullable().meta({ description: 'A termék EAN/GTIN kódja; null, ha nincs.' }),
  feedExcluded: z
    .boolean()
    .meta({ description: 'Igaz, ha a bolt tulajdonosa a terméket kihagyta a termékfeedekből.' }),
  variants: z
    .array(ZProductVariantAdmin)
    .meta({ description: 'A változatok tárolt árai (a letiltottak is).' }),
});

/** What delivery of one piece costs and takes: the shipping estimate (services/checkout/shipping-estimate.ts) at its price. */
export const ZProductShipping = z
  .object({
    method: z.string().meta({ description: 'A legolcsóbb engedélyezett szállítási mód neve.' }),
    fee: z.number().int().meta({
      description:
        'A díja bruttó forintban egy darab (a hívó ára) mellett; 0, ha a termék ára eléri az ingyenes szállítás határát.',
    }),
    deliveryTime: z
      .string()
      .nullable()
      .meta({ description: 'A szállítási mód várható szállítási ideje (pl. "1–2 munkanap").' }),
    freeAbove: z.number().int().nullable().meta({
      description:
        'A legalacsonyabb ingyenes szállítási határ bruttó forintban a kiszállító módok közül; null, ha nincs.',
    }),
  })
  .meta({
    description:
      'A házhoz vagy csomagpontra szállító módok (személyes átvétel nélkül) legolcsóbbika egy darab ára mellett, egyenlőségnél a sorrendben előbbi: ugyanaz a szabály, mint a kosár becsléséé és a pénztárban elsőre választott módé; null, ha nincs ilyen engedélyezett mód.',
  });
export type TProductShipping = z.infer<typeof ZProductShipping>;

/** GET /api/product/{id}, POST /api/product/getBySlug: the whole product page. */
export const ZProduct = ZProductCard.extend({
  nameSlug: readOnly(
    z.string().meta({
      description: 'Az URL-név név része, az azonosító nélkül (ezt állítja az update `slug` mezője).',
    }),
  ),
  stock: z.number().int().meta({ description: 'Készlet darabban.' }),
  netQuantity: z.number().nullable().meta({
    description:
      'Egy darab nettó mennyisége a `netQuantityUnit` egységben (pl. 0.25 kg); null, ha darabra kelő.',
  }),
  netQuantityUnit: z
    .enum(NET_QUANTITY_UNITS)
    .nullable()
    .meta({ description: 'A nettó mennyiség egysége: "kg", "l", "m" vagy "m2"; null, ha darabra kelő.' }),
  weightGrams: z.number().int().nullable().meta({ description: 'Tömeg grammban; null, ha nincs megadva.' }),
  unitsSold: readOnly(
    z.number().int().meta({ description: 'Eddig eladott darabszám (a népszerűség szerinti rendezéshez).' }),
  ),
  createdAt: readOnly(z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' })),
  updatedAt: readOnly(z.string().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
  descriptions: z.array(ZProductDescription),
  images: readOnly(z.array(ZProductImage)),
  properties: readOnly(z.array(ZProductPropertyGroup)),
  /** The caller's unit price by quantity band, from the same rule as getPrice. */
  priceBands: readOnly(z.array(ZPriceBand)),
  /** The primary category and its ancestors, root first (the » path). */
  breadcrumbs: readOnly(z.array(ZBreadcrumb)),
  shipping: readOnly(ZProductShipping.nullable()),
  options: readOnly(
    z.array(ZProductOption).meta({
      description:
        'A termék opciói (pl. Méret, Szín) a választható értékekkel; üres, ha a termék egyféle. Értékeik tulajdonságértékek, így szűrőként is működnek.',
    }),
  ),
  variants: readOnly(
    z.array(ZProductVariant).meta({
      description:
        'A megvásárolható változatok (vásárlónak csak az engedélyezettek); üres, ha a termék egyféle. Változatos terméket a kosárba a `variant` mezővel kell tenni.',
    }),
  ),
  /** Only for admins. */
  admin: readOnly(ZProductAdminData.nullable()),
}).meta({ id: 'Product', description: 'Egy termék adatlapja: leírások, képek, tulajdonságok, árak.' });
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductBySlugInput = z.strictObject({
  slug: z
    .string({ error: 'Az URL-név kötelező.' })
    .trim()
    .min(1, { error: 'Az URL-név kötelező.' })
    .max(1000),
});

/** POST /api/product/getPrice. */
export const ZProductPriceInput = z.strictObject({
  id: ZId,
  quantity: ZQuantity,
  variant: ZVariantId.optional(),
});
export const ZProductPriceOutput = z.object({
  unitPrice: z
    .number()
    .int()
    .meta({ description: 'Bruttó darabár egész forintban ennél a mennyiségnél és hívónál.' }),
  total: z.number().int().meta({ description: 'unitPrice × quantity, bruttó forintban.' }),
  quantity: z.number().int().meta({ description: 'A kért mennyiség darabban.' }),
  listPrice: z
    .number()
    .int()
    .meta({ description: 'Egy darab bruttó listaára forintban, a megtakarítás kijelzéséhez.' }),
  lowestPrice30d: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Az utolsó 30 nap legalacsonyabb bruttó listaára forintban.' }),
});
export type TProductPriceOutput = z.infer<typeof ZProductPriceOutput>;

export const PRODUCT_SORTS = [
  'relevance',
  'price-asc',
  'price-desc',
  'newest',
  'popularity',
  'name',
  /** Best rated first: the average of approved reviews, then their number; products without one last. */
  'rating',
] as const;
export const ZProductSort = z.enum(PRODUCT_SORTS, {
  error: `A rendezés értéke: ${PRODUCT_SORTS.join(', ')}.`,
});
export type TProductSort = z.infer<typeof ZProductSort>;

const ZPage = z.number().int().min(1, { error: 'Az oldalszám legalább 1.' }).max(10_000).default(1);
const ZPageSize = z
  .number()
  .int()
  .min(1, { error: 'Az oldalméret legalább 1.' })
  .max(100, { error: 'Az oldalméret legfeljebb 100.' })
  .default(24);
const ZSearchText = z.string().trim().max(200, { error: 'A keresett szöveg legfeljebb 200 karakter.' });

/** POST /api/product/filters: a category page or a search result with facets. */
export const ZProductFiltersInput = z.strictObject({
  /** A category id or its slug path ("konyha/bogrek"); its subcategories' products are included. */
  category: z.union([ZId, z.string().trim().min(1).max(1000)]).optional(),
  /** Text search (the /search page); sort "relevance" then ranks by match. */
  query: ZSearchText.optional(),
  /** Property id → value ids: any of a property's values, all properties at once. */
  properties: z.record(z.string().regex(/^\d+$/), z.array(ZId).max(100)).optional(),
  priceMin: ZForint.optional(),
  priceMax: ZForint.optional(),
  inStock: z.boolean().optional(),
  featured: z.boolean().optional(),
  minRating: z
    .number({ error: 'A legkisebb értékelés 1 és 5 közötti egész szám.' })
    .int({ error: 'A legkisebb értékelés 1 és 5 közötti egész szám.' })
    .min(1, { error: 'A legkisebb értékelés legalább 1 csillag.' })
    .max(5, { error: 'A legkisebb értékelés legfeljebb 5 csillag.' })
    .optional()
    .meta({
      description:
        'Csak a legalább ennyi csillagos termékek (1–5): a jóváhagyott értékelések egy tizedesre kerekített átlaga legalább ennyi; értékelés nélküli termék nem felel meg.',
    }),
  sort: ZProductSort.default('relevance'),
  page: ZPage,
  pageSize: ZPageSize,
});
export type TProductFiltersInput = z.infer<typeof ZProductFiltersInput>;

export const ZFacetValue = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Products matching every other filter that have this value. */
  count: z.number().int(),
  selected: z.boolean(),
});
export const ZFacet = z
  .object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    values: z.array(ZFacetValue),
  })
  .meta({ id: 'Facet', description: 'Egy szűrő (tulajdonság) a lehetséges értékeivel és találatszámaival.' });
export type TFacet = z.infer<typeof ZFacet>;

/** A category as search answers name it. */
export const ZCategoryHit = z.object({
  id: z.number().int(),
  title: z.string().meta({ description: 'A kategória neve.' }),
  path: z.string().meta({ description: 'A kategória útvonala a fában, » jelekkel.' }),
  urlPath: z.string().meta({ description: 'A kategóriaoldal címe a /category/ után.' }),
});

/** What a text search that found nothing offers instead of a dead end (the /search page's empty state). */
export const ZSearchSuggestions = z
  .object({
    spelling: z.string().nullable().meta({
      description:
        'A keresés legközelebbi írásmódja, amelyre van találat („Erre gondoltál: …”); null, ha nincs ilyen.',
    }),
    categories: z.array(ZCategoryHit).meta({
      description:
        'Legfeljebb 5 kategória, amelynek a neve illik a keresés (vagy a javasolt írásmód) egy szavára.',
    }),
    popular: z.array(ZProductCard).meta({
      description: 'Legfeljebb 4 népszerű termék, a legtöbbet eladottak elöl.',
    }),
  })
  .meta({
    id: 'SearchSuggestions',
    description: 'Javaslatok egy szöveges kereséshez, amely egyetlen terméket sem talált.',
  });
export type TSearchSuggestions = z.infer<typeof ZSearchSuggestions>;

export const ZProductFiltersOutput = pageOf(ZProductCard).extend({
  facets: z.object({
    properties: z.array(ZFacet),
    /** Price range of the products matching every other filter; null when none match. */
    price: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  }),
  suggestions: ZSearchSuggestions.nullable().meta({
    description:
      'Csak akkor, ha a keresett szöveg (`query`) magában, szűrők nélkül sem talál egyetlen terméket sem; egyébként null.',
  }),
});
export type TProductFiltersOutput = z.infer<typeof ZProductFiltersOutput>;

/** The product list's filters and order, which the admin's export (GET /api/product/export) takes too. */
export const ZProductListFilters = z.strictObject({
  search: ZSearchText.optional(),
  categoryId: ZId.optional(),
  /** Admins only; shoppers always see enabled products. */
  state: z.enum(['all', 'enabled', 'disabled']).default('all'),
  featured: z.boolean().optional(),
  sort: ZProductSort.default('relevance'),
});
export type TProductListFilters = z.infer<typeof ZProductListFilters>;

/** POST /api/product: the paged product list (shop's /product, admin table). */
export const ZProductListInput = ZProductListFilters.extend({ page: ZPage, pageSize: ZPageSize }).default({
  state: 'all',
  sort: 'relevance',
  page: 1,
  pageSize: 24,
});
export type TProductListInput = z.infer<typeof ZProductListInput>;

export const ZProductListOutput = pageOf(ZProductCard);
export type TProductListOutput = z.infer<typeof ZProductListOutput>;

/** GET /api/product/featured and /popular. */
export const ZProductCardsOutput = z.object({ items: z.array(ZProductCard) });

/** POST /api/product/quicksearch. */
export const ZQuickSearchInput = z.strictObject({
  query: z.string({ error: 'A keresett szöveg kötelező.' }).trim().max(200, {
    error: 'A keresett szöveg legfeljebb 200 karakter.',
  }),
});
export const ZQuickSearchOutput = z.object({
  products: z.array(ZProductCard),
  categories: z.array(ZCategoryHit),
});
export type TQuickSearchOutput = z.infer<typeof ZQuickSearchOutput>;

/** POST /api/product/find-multiple-products-by-kuti-id. */
export const ZFindByKutiIdsInput = z.strictObject({
  ids: z
    .array(z.string().trim().min(1).max(100), { error: 'A termékkódok listája kötelező.' })
    .min(1, { error: 'Adj meg legalább egy termékkódot.' })
    .max(200, { error: 'Egyszerre legfeljebb 200 termékkód kérdezhető le.' }),
});
export const ZFindByKutiIdsOutput = z.object({
  /** In the order asked; a code asked twice appears once. */
  items: z.array(
    ZProductCard.extend({
      requestedId: z.string(),
      variant: z.number().int().nullable().meta({
        description:
          'Ha a kód egy változaté: a változat azonosítója (a kosárba `variant`-ként kell küldeni), és a kártya neve, kódja, ára és készlete a változaté; különben null.',
      }),
    }),
  ),
  /** The codes that matched no visible product, as sent. */
  notFound: z.array(z.string()),
});

const ZProductDescriptionInput = z.strictObject({
  language: ZLanguage,
  title: z
    .string({ error: 'A cím kötelező.' })
    .trim()
    .min(1, { error: 'A cím kötelező.' })
    .max(200, { error: 'A cím legfeljebb 200 karakter lehet.' }),
  body: z.string().max(100_000, { error: 'A leírás túl hosszú.' }).nullish(),
  metaTitle: z.string().trim().max(200).nullish(),
  metaDescription: z.string().trim().max(500).nullish(),
});

/**
 * POST /api/product/update: updates the product `id` names, or without `id` the one whose code is
 * `kutiId`; creates one when neither names a product. Lists given
 * (tiers, group prices, customer prices, property values, images, categories) replace
 * the stored ones; fields left out keep their value.
 */
/** The most pictures one product shows; an import row naming more is refused before any is fetched. */
export const MAX_PRODUCT_IMAGES = 50;

export const ZProductUpdateInput = z.strictObject({
  id: ZId.optional(),
  /** The name part of the pretty URL; made from the Hungarian title when missing. */
  slug: ZSlug.optional().meta({
    description:
      'Az URL-név név része (pl. fules-bogre); a GET által adott teljes URL-név (fules-bogre-12) is küldhető: a végén álló saját azonosító nem kerül bele még egyszer. Hiányában új terméknél a magyar címből készül.',
  }),
  /**
   * The external product code (unique). Without `id` it names the product to update; a new product
   * is created with it when no product has it yet and price and title are given.
   */
  kutiId: z.string().trim().max(100).nullish(),
  /** The gross list price in forints (the `price` lists and the product page answer). */
  price: ZForint.optional(),
  /** A scheduled sale (services/catalogue/pricing.ts); null clears it. */
  salePrice: ZSalePrice.meta({
    description:
      'Ütemezett akciós ár bruttó forintban, a listaárnál kisebb; null: nincs akció (a kezdetét és végét is törli). A [saleStartsAt, saleEndsAt) időszakban ez a listaár; a vásárló a legalacsonyabbat fizeti az akciós, a mennyiségi és a csoport-/vásárlói ár közül.',
  }),
  saleStartsAt: ZWindowEdge.meta({
    description:
      'Az akció kezdete (ISO 8601, UTC vagy eltolással); hiányzó kezdettel megadott akció a mentéskor kezdődik.',
  }),
  saleEndsAt: ZWindowEdge.meta({
    description: 'Az akció vége (ISO 8601), a kezdeténél későbbi; null: visszavonásig tart.',
  }),
  vatClass: ZVatClass.optional(),
  /** Net quantity of one piece in `netQuantityUnit` (0.25 with "kg"), for the unit price; null: sold by the piece. */
  netQuantity: ZNetQuantity.nullish().meta({
    description:
      'Egy darab nettó mennyisége a `netQuantityUnit` egységben (pl. 0.25 kg-os csomag), ebből számol az egységár; null: darabra kelő. A kettő csak együtt adható meg.',
  }),
  netQuantityUnit: ZNetQuantityUnit.nullish().meta({
    description: 'A nettó mennyiség egysége: "kg", "l", "m" vagy "m2".',
  }),
  /** Kept for integrators written before VAT classes: 27, 18 or 5 sets that class; 0 is refused (TAM or AAM?). */
  vatRate: z
    .union([z.literal(0), z.literal(5), z.literal(18), z.literal(27)], {
      error: 'Az ÁFA-kulcs (vatRate) 27, 18 vagy 5 lehet; helyette a vatClass mezőt érdemes használni.',
    })
    .optional()
    .meta({
      description:
        'Elavult: a százalékos ÁFA-kulcs (27, 18 vagy 5) a megfelelő `vatClass`-t állítja be. A 0 nem egyértelmű, helyette `vatClass`: "TAM" vagy "AAM".',
      deprecated: true,
    }),
  stock: zWholeNumber('A készlet').optional(),
  unit: z.string().trim().min(1).max(20).optional(),
  weightGrams: zWholeNumber('A tömeg (gramm)').nullish(),
  ean: ZGtinInput.nullish().meta({
    description:
      'A csomagoláson álló EAN/GTIN (8, 12, 13 vagy 14 számjegy, helyes ellenőrző számjeggyel); a termékfeedek ezzel azonosítják a terméket. null vagy üres szöveg törli.',
  }),
  feedExcluded: z.boolean().optional().meta({
    description: 'Igaz: a termék kimarad minden termékfeedből (Árukereső, Google, Facebook).',
  }),
  enabled: z.boolean().optional(),
  featured: z.boolean().optional(),
  /** Each replaces the description of its language; the `id` a GET answered may come back (read-only). */
  descriptions: matchItemsBy(
    z.array(ZProductDescriptionInput.extend({ id: readOnlyInput(ZDescriptionId.optional()) })).max(20),
    'language',
  ).optional(),
  tiers: z.array(ZPriceTierInput).max(MAX_PRICE_TIERS).optional(),
  groupPrices: z
    .array(z.strictObject({ groupId: ZId, ...specialPriceInputFields }))
    .max(100)
    .optional(),
  customerPrices: z
    .array(z.strictObject({ userId: ZId, ...specialPriceInputFields }))
    .max(1000)
    .optional(),
  propertyValueIds: z.array(ZId).max(200).optional(),
  /** Media ids in display order; the first is the main image. */
  imageIds: z
    .array(ZId)
    .max(MAX_PRODUCT_IMAGES, { error: `Egy terméknek legfeljebb ${MAX_PRODUCT_IMAGES} képe lehet.` })
    .optional(),
  categoryIds: z.array(ZId).max(50).optional(),
  /** One of categoryIds (the first one when missing): the product's breadcrumb. */
  primaryCategoryId: ZId.optional(),
  ...readOnlyFieldsOf(ZProduct, [
    'title',
    'originalPrice',
    'lowestPrice30d',
    'image',
    'inStock',
    'unitPrice',
    'variantSummary',
    'rating',
    'nameSlug',
    'unitsSold',
    'createdAt',
    'updatedAt',
    'images',
    'properties',
    'priceBands',
    'breadcrumbs',
    'shipping',
    'options',
    'variants',
    'admin',
  ]),
});
export type TProductUpdateInput = z.infer<typeof ZProductUpdateInput>;

export const PRODUCT_QUALITY_CHECKS = [
  'missing-description',
  'missing-image',
  'non-unique-url',
  'no-category',
  'no-property-values',
  'no-stock-but-enabled',
  'rising-tier-prices',
  'duplicate-external-code',
  'variant-missing-image',
  'variant-missing-price',
] as const;
export type TProductQualityCheck = (typeof PRODUCT_QUALITY_CHECKS)[number];

/** Hungarian names of the data-quality checks, for the admin screens. */
export const PRODUCT_QUALITY_TITLES: Record<TProductQualityCheck, string> = {
  'missing-description': 'Hiányzó leírás',
  'missing-image': 'Hiányzó kép',
  'non-unique-url': 'Nem egyedi URL',
  'no-category': 'Nincs kategóriája',
  'no-property-values': 'Nincs tulajdonsága',
  'no-stock-but-enabled': 'Nincs készleten, de engedélyezett',
  'rising-tier-prices': 'A mennyiségi ár nő a mennyiséggel',
  'duplicate-external-code': 'Ismétlődő termékkód',
  'variant-missing-image': 'Változat kép nélkül',
  'variant-missing-price': 'Változat ár nélkül',
};

export const ZProductQualityInput = z.strictObject({
  check: z.enum(PRODUCT_QUALITY_CHECKS, { error: 'Ismeretlen ellenőrzés.' }),
  page: ZPage,
  pageSize: ZPageSize,
});
export const ZProductQualityItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  kutiId: z.string().nullable(),
  enabled: z.boolean(),
  /** Why it is listed, in Hungarian (e.g. the clashing URL). */
  detail: z.string().nullable(),
});
export const ZProductQualityOutput = pageOf(ZProductQualityItem);
/** Each data-quality check with how many products it finds. */
export const ZProductQualitySummary = z.array(
  z.object({
    check: z.enum(PRODUCT_QUALITY_CHECKS),
    title: z.string(),
    count: z.number().int(),
  }),
);
/** GET /api/product/quality-summary: the checks as the list's items. */
export const ZProductQualitySummaryOutput = z.object({ items: ZProductQualitySummary });
