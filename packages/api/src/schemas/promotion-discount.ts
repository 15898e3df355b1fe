import { z } from 'zod';

/** The longest coupon code; generated ones are far shorter. */
export const MAX_COUPON_CODE_LENGTH = 40;
const codeError = {
  error: `A kuponkód betűkből, számokból, kötőjelből és aláhúzásból áll, legfeljebb ${MAX_COUPON_CODE_LENGTH} karakter.`,
};

/** A coupon code as typed: spaces around are dropped, case does not matter (stored in upper case). */
export const ZCouponCode = z
  .string(codeError)
  .trim()
  .min(1, codeError)
  .max(MAX_COUPON_CODE_LENGTH, codeError)
  .regex(/^[A-Za-z0-9_-]+$/, codeError)
  .transform((code) => code.toUpperCase())
  .meta({ description: 'Kuponkód (kis- és nagybetű egyre megy).', example: 'DEMO10' });

/** One promotion's discount on a cart or an order; the fields apart, for webhook payloads (no $ref there). */
export const discountFields = {
  promotionId: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Az akció azonosítója; null, ha az akciót azóta törölték.' }),
  code: z.string().nullable().meta({ description: 'A beváltott kuponkód; null az automatikus akciónál.' }),
  label: z.string().meta({ description: 'Az akció neve, ahogy a vásárló látja.' }),
  amount: z.number().int().meta({ description: 'A kedvezmény bruttó forintban.' }),
  shipping: z
    .boolean()
    .meta({ description: 'Igaz, ha a szállítási díjat engedte el, nem a tételekből vont le.' }),
};
export const ZDiscount = z
  .object(discountFields)
  .meta({ id: 'Discount', description: 'Egy akció kedvezménye a kosáron vagy a rendelésen.' });
export type TDiscount = z.infer<typeof ZDiscount>;

export const ZCouponState = z
  .object({
    code: z.string().meta({ description: 'A megadott kód nagybetűsen.' }),
    applied: z
      .boolean()
      .meta({ description: 'Igaz, ha a kód érvényes erre a kosárra, és a kedvezménye benne van.' }),
    message: z.string().nullable().meta({
      description:
        'Miért nem érvényes (pl. "A kuponkód lejárt.", "A kosár értéke legalább 10 000 Ft legyen."); null, ha érvényes.',
    }),
  })
  .meta({ id: 'CouponState', description: 'A megadott kuponkód sorsa.' });
export type TCouponState = z.infer<typeof ZCouponState>;

/**
 * What `pieces` pieces of a line cost when the line was paid `lineTotal` for `quantity` pieces: whole
 * forints, rounded down, the last piece taking what is left. So refunds of a discounted line pay back
 * what was paid for it, piece by piece, and all its pieces add up to exactly `lineTotal`; a line
 * without discount costs unitPrice × pieces.
 */
export function paidForPieces(lineTotal: number, quantity: number, pieces: number): number {
  if (pieces >= quantity) return lineTotal;
  return Number((BigInt(lineTotal) * BigInt(pieces)) / BigInt(quantity));
}
