import { z } from 'zod';

/**
 * A GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14) as printed under the barcode: 8, 12, 13 or 14 digits whose
 * last digit is the GS1 check digit. The feeds identify a product by it (Google's `gtin`), and Merchant
 * Center refuses an item whose check digit is wrong, so a mistyped number is caught when it is saved.
 */
export function gtinCheckDigitValid(gtin: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(gtin)) return false;
  let sum = 0;
  // From the digit left of the check digit leftwards the weights are 3, 1, 3, 1, …
  for (let i = gtin.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(gtin[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(gtin[gtin.length - 1]);
}

export const GTIN_LENGTH_MESSAGE = 'Az EAN/GTIN 8, 12, 13 vagy 14 számjegyből áll.';
export const GTIN_CHECK_DIGIT_MESSAGE =
  'Az EAN/GTIN ellenőrző számjegye (az utolsó) nem stimmel: valószínűleg elírás, nézd meg a vonalkód alatti számot.';

/** A GTIN as input: spaces and hyphens of a copied barcode number are dropped; an empty text clears it. */
export const ZGtinInput = z
  .string({ error: 'Az EAN/GTIN szöveg legyen (csak számjegyek).' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .superRefine((gtin, context) => {
    if (gtin === '') return;
    if (!/^(\d{8}|\d{12,14})$/.test(gtin)) context.addIssue({ code: 'custom', message: GTIN_LENGTH_MESSAGE });
    else if (!gtinCheckDigitValid(gtin))
      context.addIssue({ code: 'custom', message: GTIN_CHECK_DIGIT_MESSAGE });
  });
