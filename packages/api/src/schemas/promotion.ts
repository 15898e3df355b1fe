import { z } from 'zod';
import { ZWindowEdge } from './banner';
import { ZId } from './common';
import { ZCouponCode } from './promotion-discount';
import { readOnly, readOnlyFieldsOf } from './read-only';

export const PROMOTION_KINDS = ['percent', 'amount', 'free_shipping', 'second_half', 'gift'] as const;
export const ZPromotionKind = z.enum(PROMOTION_KINDS, {
  error: 'A kedvezmény fajtája percent, amount, free_shipping, second_half vagy gift.',
});
export type TPromotionKind = z.infer<typeof ZPromotionKind>;

export const PROMOTION_KIND_LABELS: Record<TPromotionKind, string> = {
  percent: 'Százalékos kedvezmény',
  amount: 'Forintos kedvezmény',
  free_shipping: 'Ingyenes szállítás',
  second_half: 'A második darab féláron',
  gift: 'Ajándék termék',
};

/** The largest forint amount or cart minimum a promotion may name: well above any cart. */
export const MAX_PROMOTION_FORINTS = 100_000_000;
/** How many targets of one kind (categories, products, values, groups) a promotion may list. */
export const MAX_PROMOTION_TARGETS = 500;
/** How many codes one request may generate, and one promotion hold. */
export const MAX_GENERATED_CODES = 10_000;
export const MAX_CODES_PER_PROMOTION = 100_000;

const count = (what: string, max: number) => {
  const error = { error: `${what} 1 és ${max.toLocaleString('hu-HU')} közötti egész szám.` };
  return z.number(error).int(error).min(1, error).max(max, error);
};
const ids = (what: string) =>
  z
    .array(ZId, { error: `${what}: azonosítók listája.` })
    .max(MAX_PROMOTION_TARGETS, { error: `${what}: legfeljebb ${MAX_PROMOTION_TARGETS} elem.` });

const promotionFields = {
  name: z
    .string({ error: 'Az akció neve kötelező.' })
    .trim()
    .min(1, { error: 'Az akció neve kötelező.' })
    .max(120, { error: 'Az akció neve legfeljebb 120 karakter lehet.' })
    .meta({ description: 'A vásárló ezt látja a kedvezmény soránál (pl. "Adventi 10 %").' }),
  automatic: z.boolean({ error: 'Az automatic igen/nem érték.' }).meta({
    description: 'Igaz: kód nélkül jár minden kosárnak, amely megfelel; hamis: kuponkóddal váltható be.',
  }),
  kind: ZPromotionKind.meta({
    description:
      'percent: a value százalék a tételekből; amount: value forint a tételekből; free_shipping: a szállítási díj; second_half: minden második darab féláron; gift: a giftProductId termékből egy darab ingyen, külön tételként.',
  }),
  value: z
    .number({ error: 'Az érték egész szám.' })
    .int({ error: 'Az érték egész szám.' })
    .min(0, { error: 'Az érték nem lehet negatív.' })
    .max(MAX_PROMOTION_FORINTS, { error: 'Az érték túl nagy.' })
    .default(0)
    .meta({ description: 'Százalék (1–100) a percent, forint az amount fajtánál; a többinél 0.' }),
  giftProductId: ZId.nullish().meta({
    description:
      'A gift fajtánál: az ajándék termék (változatok nélküli), amelyből egy darab ingyen jár; a többinél null. Ha elfogyott vagy nem rendelhető, az akció nem ad semmit.',
  }),
  minCartValue: count('A kosár minimális értéke', MAX_PROMOTION_FORINTS).nullish().meta({
    description: 'A kosár rendelhető tételeinek bruttó értéke kedvezmény előtt legalább ennyi legyen.',
  }),
  categoryIds: ids('Kategóriák').default([]).meta({
    description: 'Csak ezekben a kategóriákban (és alkategóriáikban) lévő termékekre; üres: mindre.',
  }),
  productIds: ids('Termékek').default([]).meta({ description: 'Csak ezekre a termékekre.' }),
  propertyValueIds: ids('Tulajdonságértékek')
    .default([])
    .meta({ description: 'Csak az ilyen tulajdonságértékű termékekre (pl. egy márka, egy szín).' }),
  customerGroupIds: ids('Vásárlói csoportok')
    .default([])
    .meta({ description: 'Csak e csoportok bejelentkezett tagjainak; üres: mindenkinek.' }),
  firstOrderOnly: z.boolean({ error: 'A firstOrderOnly igen/nem érték.' }).default(false),
  combines: z.boolean({ error: 'A combines igen/nem érték.' }).default(false).meta({
    description: 'Összevonható-e a másik fajtával: automatikus akció kuponnal, kupon automatikus akcióval.',
  }),
  startsAt: ZWindowEdge,
  endsAt: ZWindowEdge,
  paused: z.boolean({ error: 'A paused igen/nem érték.' }).default(false),
  usageLimit: count('A felhasználások száma', 100_000_000)
    .nullish()
    .meta({ description: 'Összesen ennyi rendelésben használható; null: korlátlanul.' }),
  perCustomerLimit: count('Vásárlónkénti felhasználás', 1000).nullish().meta({
    description: 'Egy vásárló (fiók vagy e-mail-cím) ennyi rendelésben használhatja; null: korlátlanul.',
  }),
};

type PromotionShape = {
  automatic?: boolean | undefined;
  kind?: TPromotionKind | undefined;
  giftProductId?: number | null | undefined;
  value?: number | undefined;
  startsAt?: string | null | undefined;
  endsAt?: string | null | undefined;
  code?: string | null | undefined;
};

/** Rules across fields: a percent is 1–100, forints at least 1, a window ends after it starts. */
function checkPromotion(value: PromotionShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.kind === 'percent' && (value.value === undefined || value.value < 1 || value.value > 100)) {
    issue('value', 'A százalék 1 és 100 közötti egész szám.');
  }
  if (value.kind === 'amount' && (value.value === undefined || value.value < 1)) {
    issue('value', 'A forintos kedvezmény legalább 1 Ft.');
  }
  if (value.kind === 'gift' && !value.giftProductId)
    issue('giftProductId', 'Válaszd ki az ajándék terméket.');
  if (value.kind !== 'gift' && value.giftProductId) {
    issue('giftProductId', 'Ajándék terméke csak ajándék fajtájú akciónak lehet.');
  }
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    issue('endsAt', 'Az akció vége legyen a kezdete után.');
  }
  if (value.automatic && value.code) issue('code', 'Automatikus akcióhoz nem tartozik kuponkód.');
}

export const ZPromotionCreateInput = z
  .strictObject({
    ...promotionFields,
    code: ZCouponCode.nullish().meta({
      description: 'Kuponos akciónál az első kód (pl. "DEMO10"); több kódot a kódgenerátor ad.',
    }),
  })
  .superRefine(checkPromotion);
export type TPromotionCreateInput = z.infer<typeof ZPromotionCreateInput>;

export const ZPromotionPauseInput = z.strictObject({
  id: ZId,
  paused: z.boolean({ error: 'A paused igen/nem érték.' }),
});

export const ZCodeGenerateInput = z.strictObject({
  id: ZId,
  count: count('A kódok száma', MAX_GENERATED_CODES),
  prefix: z
    .string({ error: 'Az előtag betűkből és számokból áll.' })
    .trim()
    .max(12, { error: 'Az előtag legfeljebb 12 karakter lehet.' })
    .regex(/^[A-Za-z0-9]*$/, { error: 'Az előtag betűkből és számokból áll.' })
    .transform((prefix) => prefix.toUpperCase())
    .default('')
    .meta({
      description: 'A kódok eleje (pl. "HIRLEVEL"); utána kötőjel és 8 véletlen karakter jön.',
      example: 'HIRLEVEL',
    }),
  usageLimit: count('Kódonkénti felhasználás', 1000)
    .default(1)
    .meta({ description: 'Egy kód ennyi rendelésben használható (alapból 1: egyszer használatos).' }),
});
export type TCodeGenerateInput = z.infer<typeof ZCodeGenerateInput>;

export const ZPromotion = z
  .object({
    id: z.number().int(),
    name: z.string(),
    automatic: z.boolean(),
    kind: ZPromotionKind,
    value: z.number().int(),
    giftProductId: z.number().int().nullable().meta({ description: 'A gift fajtánál az ajándék termék.' }),
    minCartValue: z.number().int().nullable(),
    categoryIds: z.array(z.number().int()),
    productIds: z.array(z.number().int()),
    propertyValueIds: z.array(z.number().int()),
    customerGroupIds: z.array(z.number().int()),
    firstOrderOnly: z.boolean(),
    combines: z.boolean(),
    startsAt: z.iso.datetime().nullable().meta({ description: 'Kezdete (UTC); null: azonnal.' }),
    endsAt: z.iso.datetime().nullable().meta({ description: 'Vége, kizárólag (UTC); null: visszavonásig.' }),
    paused: z.boolean(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    state: readOnly(
      z.enum(['running', 'scheduled', 'ended', 'paused']).meta({
        description:
          'running: most érvényes; scheduled: később kezdődik; ended: lejárt; paused: szüneteltetve.',
      }),
    ),
    codeCount: readOnly(z.number().int().meta({ description: 'A kuponkódok száma.' })),
    codes: readOnly(
      z
        .array(
          z.object({ code: z.string(), usageLimit: z.number().int().nullable(), uses: z.number().int() }),
        )
        .meta({ description: 'Az első 20 kuponkód (mind: a kódok CSV-letöltése).' }),
    ),
    uses: readOnly(
      z.number().int().meta({
        description: 'Hány rendelésben használták (a fizetés előtt lemondottak nélkül).',
      }),
    ),
    discountTotal: readOnly(
      z.number().int().meta({ description: 'Az adott kedvezmények összege forintban.' }),
    ),
    revenue: readOnly(
      z.number().int().meta({
        description: 'Az akcióval leadott, le nem mondott rendelések végösszegeinek összege forintban.',
      }),
    ),
    createdAt: readOnly(z.iso.datetime().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' })),
    updatedAt: readOnly(z.iso.datetime().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
  })
  .meta({
    id: 'Promotion',
    description: 'Egy akció vagy kuponos kedvezmény a feltételeivel és az eredményeivel.',
  });
export type TPromotion = z.infer<typeof ZPromotion>;

/** Every field is set anew (as the admin's form sends it); codes are kept. */
export const ZPromotionUpdateInput = z
  .strictObject({
    id: ZId,
    ...promotionFields,
    ...readOnlyFieldsOf(ZPromotion, [
      'state',
      'codeCount',
      'codes',
      'uses',
      'discountTotal',
      'revenue',
      'createdAt',
      'updatedAt',
    ]),
  })
  .superRefine(checkPromotion);
export type TPromotionUpdateInput = z.infer<typeof ZPromotionUpdateInput>;

export const ZPromotionListOutput = z.object({ items: z.array(ZPromotion) });
export type TPromotionListOutput = z.infer<typeof ZPromotionListOutput>;

export const ZCodeGenerateOutput = z.object({
  created: z.number().int().meta({ description: 'A létrehozott kódok száma.' }),
  codes: z.array(z.string()).meta({ description: 'Az új kódok.' }),
});
