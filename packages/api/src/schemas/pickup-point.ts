import { z } from 'zod';

/** The carriers whose pickup points (lockers, parcel shops, PostaPont) the shop imports and offers. */
export const PICKUP_CARRIERS = ['foxpost', 'packeta', 'gls', 'mpl'] as const;
export const ZPickupCarrier = z.enum(PICKUP_CARRIERS, {
  error: 'A szállító foxpost, packeta, gls vagy mpl lehet.',
});
export type TPickupCarrier = z.infer<typeof ZPickupCarrier>;

/** Each carrier's name as the shop shows it. */
export const PICKUP_CARRIER_LABELS: Record<TPickupCarrier, string> = {
  foxpost: 'Foxpost',
  packeta: 'Packeta',
  gls: 'GLS',
  mpl: 'MPL PostaPont',
};

/** MPL's type codes as the shop shows them; other carriers' kinds (FOXPOST A-BOX, Z-BOX …) read as they are. */
const KIND_LABELS: Record<string, string> = {
  PP: 'PostaPont',
  CS: 'MPL csomagautomata',
  PM: 'Posta (postán maradó)',
};

export function pickupKindLabel(kind: string | null): string | null {
  return kind === null ? null : (KIND_LABELS[kind] ?? kind);
}

/**
 * The carrier's own id of a point: Foxpost's operator_id (place_id for Packeta Z-BOX / Z-Pont points and
 * when operator_id is empty), Packeta's and GLS's id, and for MPL its type code and exact name
 * ("PP:Budapest 62 posta"), as MPL keys its points by name and type.
 */
export const ZPickupPointId = z
  .string({ error: 'A csomagpont azonosítója szöveg.' })
  .trim()
  .min(1, { error: 'A csomagpont azonosítója kötelező.' })
  .max(200, { error: 'A csomagpont azonosítója legfeljebb 200 karakter lehet.' })
  .meta({ example: 'hu675' });

const ZClock = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/);

/** One weekday's opening hours; a day missing from the list is a closed day. */
export const ZPickupPointHours = z.array(
  z.object({
    day: z.number().int().min(1).max(7).meta({ description: 'A hét napja: 1 hétfő … 7 vasárnap.' }),
    open: ZClock.meta({ example: '08:00' }),
    close: ZClock.meta({ example: '20:00', description: '"24:00": éjfélig (a 00:00–24:00 egész nap).' }),
  }),
);
export type TPickupPointHours = z.infer<typeof ZPickupPointHours>;

/**
 * The point an order uses, as it was when the order was placed: the order keeps it when the point
 * later closes or moves, and the e-mail, the order page and the parcel label read it from here.
 */
export const ZPickupPointSnapshot = z
  .object({
    carrier: ZPickupCarrier,
    id: z.string(),
    kind: z
      .string()
      .nullable()
      .meta({ description: 'A pont fajtája a szállítónál (pl. FOXPOST A-BOX, PP).' }),
    name: z.string(),
    postcode: z.string(),
    city: z.string(),
    street: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  })
  .meta({ id: 'PickupPointSnapshot', description: 'A rendeléshez választott csomagpont a rendelés idején.' });
export type TPickupPointSnapshot = z.infer<typeof ZPickupPointSnapshot>;

/** The shopper's choice in an order: only the carrier and the id; the server reads the rest itself. */
export const ZPickupPointChoice = z
  .strictObject({ carrier: ZPickupCarrier, id: ZPickupPointId })
  .meta({ description: 'A választott csomagpont: a szállító és a pont azonosítója.' });
export type TPickupPointChoice = z.infer<typeof ZPickupPointChoice>;

export const PICKUP_SEARCH_DEFAULT_LIMIT = 20;
export const PICKUP_SEARCH_MAX_LIMIT = 50;

export const ZPickupPointSearchInput = z.strictObject({
  carrier: ZPickupCarrier.optional(),
  query: z
    .string({ error: 'A keresőkifejezés szöveg.' })
    .trim()
    .max(100, { error: 'A keresőkifejezés legfeljebb 100 karakter lehet.' })
    .optional()
    .meta({
      description:
        '1–4 számjegy: irányítószám eleje; egyébként minden szónak szerepelnie kell a pont nevében, városában vagy utcájában (ékezetektől függetlenül).',
      example: '1117',
    }),
  near: z
    .strictObject({
      lat: z
        .number({ error: 'A szélesség (near.lat) szám.' })
        .min(-90, { error: 'A szélesség (near.lat) −90 és 90 közötti.' })
        .max(90, { error: 'A szélesség (near.lat) −90 és 90 közötti.' }),
      lng: z
        .number({ error: 'A hosszúság (near.lng) szám.' })
        .min(-180, { error: 'A hosszúság (near.lng) −180 és 180 közötti.' })
        .max(180, { error: 'A hosszúság (near.lng) −180 és 180 közötti.' }),
    })
    .optional()
    .meta({ description: 'Ha megadod, a legközelebbi pontok jönnek előbb, a távolsággal.' }),
  limit: z
    .number({ error: 'A találatok száma (limit) szám.' })
    .int({ error: 'A találatok száma (limit) egész szám.' })
    .min(1, { error: `A találatok száma (limit) 1 és ${PICKUP_SEARCH_MAX_LIMIT} közötti.` })
    .max(PICKUP_SEARCH_MAX_LIMIT, {
      error: `A találatok száma (limit) 1 és ${PICKUP_SEARCH_MAX_LIMIT} közötti.`,
    })
    .optional(),
});
export type TPickupPointSearchInput = z.infer<typeof ZPickupPointSearchInput>;

export const ZPickupPoint = z
  .object({
    carrier: ZPickupCarrier,
    id: z.string().meta({ description: 'A pont azonosítója a szállítónál; a rendelés ezzel nevezi meg.' }),
    kind: z.string().nullable(),
    name: z.string(),
    address: z.object({ postcode: z.string(), city: z.string(), street: z.string() }),
    hours: ZPickupPointHours,
    findMe: z.string().nullable().meta({ description: 'Hol található a pont (szöveg).' }),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    distance: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Távolság méterben a megadott helytől (csak near esetén).' }),
  })
  .meta({ id: 'PickupPoint', description: 'Csomagautomata vagy átvevőpont címmel és nyitvatartással.' });
export type TPickupPoint = z.infer<typeof ZPickupPoint>;

export const ZPickupPointSearchOutput = z.object({ items: z.array(ZPickupPoint) });
export type TPickupPointSearchOutput = z.infer<typeof ZPickupPointSearchOutput>;
