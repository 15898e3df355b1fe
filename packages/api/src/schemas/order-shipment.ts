import { z } from 'zod';
import { ZId } from './common';
import type { TOrderStatus } from './order';
import { readOnly, readOnlyFieldsOf } from './read-only';

/**
 * Statuses in which an order's tracking numbers are not changed: it was never paid, or is cancelled or
 * refunded (services/orders/order-shipments.ts refuses, the admin's panel offers no change).
 */
export const NO_SHIPMENT_CHANGES: readonly TOrderStatus[] = [
  'awaiting_payment',
  'payment_failed',
  'cancelled',
  'refunded',
];

/** Longest tracking number the shop takes; carriers print far shorter ones. */
export const TRACKING_NUMBER_MAX_LENGTH = 64;
export const TRACKING_NUMBER_REQUIRED = 'A csomagszám kötelező.';
export const TRACKING_NUMBER_TOO_LONG = `A csomagszám legfeljebb ${TRACKING_NUMBER_MAX_LENGTH} karakter lehet.`;
export const TRACKING_NUMBER_CHARACTERS =
  'A csomagszám csak betűt, számot, szóközt, pontot, kötőjelet és perjelet tartalmazhat.';

/** The carrier's parcel number as printed on the label: letters, digits and a few separators. */
export const ZRequiredTrackingNumber = z
  .string({ error: TRACKING_NUMBER_REQUIRED })
  .trim()
  .min(1, { error: TRACKING_NUMBER_REQUIRED })
  .max(TRACKING_NUMBER_MAX_LENGTH, { error: TRACKING_NUMBER_TOO_LONG })
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, { error: TRACKING_NUMBER_CHARACTERS })
  .meta({ description: 'A szállító csomagszáma, ahogy a címkén áll.', example: 'GLS-123456789' });

const ZCarrierName = z
  .string({ error: 'A szállító neve szöveg kell legyen.' })
  .trim()
  .max(64, { error: 'A szállító neve legfeljebb 64 karakter lehet.' })
  .transform((value) => value || null)
  .nullable()
  .meta({ description: 'A szállító neve (pl. GLS, MPL, foxpost); üres vagy null: nincs megadva.' });

/**
 * The customer's e-mails link it, so only a web address will do: no `javascript:` or `mailto:` link can
 * reach an inbox through it.
 */
const ZTrackingUrl = z
  .string({ error: 'A követési link szöveg kell legyen.' })
  .trim()
  .max(2000, { error: 'A követési link legfeljebb 2000 karakter lehet.' })
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), {
    error: 'A követési link http:// vagy https:// kezdetű webcím lehet.',
  })
  .transform((value) => value || null)
  .nullable()
  .meta({
    description: 'A szállító csomagkövető oldala ehhez a számhoz (http vagy https); üres vagy null: nincs.',
    example: 'https://gls-group.com/HU/hu/csomagkovetes?match=123456789',
  });

const ZShipmentNotify = z.boolean({ error: 'Az értesítés (notify) igen vagy nem lehet.' }).optional().meta({
  description:
    'false: a vásárló nem kap e-mailt erről a változásról. Alapból kap, ha az „Átadva a futárnak” levele már kiment.',
});

/** One tracking number of an order: an order may travel in several parcels. */
export const ZOrderShipment = z
  .object({
    id: z.number().int().meta({ description: 'A csomagszám azonosítója a rendelésen belüli műveletekhez.' }),
    trackingNumber: z.string().meta({ description: 'A szállító csomagszáma.', example: 'GLS-123456789' }),
    carrier: z.string().nullable().meta({ description: 'A szállító neve; null, ha nincs megadva.' }),
    trackingUrl: z
      .string()
      .nullable()
      .meta({ description: 'A szállító csomagkövető oldala ehhez a számhoz; null, ha nincs megadva.' }),
    createdAt: readOnly(z.string().meta({ description: 'Felvétel ideje (UTC, ISO 8601).' })),
    updatedAt: readOnly(z.string().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
  })
  .meta({ id: 'OrderShipment', description: 'A rendelés egy csomagszáma (egy csomag a szállítónál).' });
export type TOrderShipment = z.infer<typeof ZOrderShipment>;

/** POST /api/order/{id}/shipment. */
export const ZOrderShipmentAddInput = z.strictObject({
  id: ZId,
  trackingNumber: ZRequiredTrackingNumber,
  carrier: ZCarrierName.optional(),
  trackingUrl: ZTrackingUrl.optional(),
  notify: ZShipmentNotify,
});
export type TOrderShipmentAddInput = z.infer<typeof ZOrderShipmentAddInput>;

/**
 * PUT /api/order/{id}/shipment/{shipment}: the number is required; a carrier or link left out keeps the
 * stored one, null clears it. The answer's `createdAt` and `updatedAt` may be sent back unchanged.
 */
export const ZOrderShipmentUpdateInput = z.strictObject({
  id: ZId,
  shipment: ZId.meta({ description: 'A javítandó csomagszám azonosítója (`shipments[].id`).' }),
  trackingNumber: ZRequiredTrackingNumber,
  carrier: ZCarrierName.optional(),
  trackingUrl: ZTrackingUrl.optional(),
  notify: ZShipmentNotify,
  ...readOnlyFieldsOf(ZOrderShipment, ['createdAt', 'updatedAt']),
});
export type TOrderShipmentUpdateInput = z.infer<typeof ZOrderShipmentUpdateInput>;

/** DELETE /api/order/{id}/shipment/{shipment}. */
export const ZOrderShipmentDeleteInput = z.strictObject({
  id: ZId,
  shipment: ZId.meta({ description: 'A törlendő csomagszám azonosítója (`shipments[].id`).' }),
});
export type TOrderShipmentDeleteInput = z.infer<typeof ZOrderShipmentDeleteInput>;
